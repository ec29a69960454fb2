import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { apiError, mockApi, reply } from '../../../test/api-mock';
import { renderApp } from '../../../test/render';
import { STATUSES } from '../control-test-data';
import { ChangeStatusModal } from './ChangeStatusModal';

const DRIVERS = [
  {
    drv_driver: 'D01',
    drv_name: 'Gareth Evans',
    drv_mobile: '07700 900101',
    drv_tariff: 5,
    ttyp_description: 'Large van',
    drv_active: 'T',
    drv_pin_set: 'T',
  },
  {
    drv_driver: 'D02',
    drv_name: 'Priya Sharma',
    drv_mobile: '07700 900102',
    drv_tariff: 4,
    ttyp_description: 'Small van',
    drv_active: 'T',
    drv_pin_set: 'T',
  },
];

const saved = (docket: number, status: string, message?: string) =>
  reply({
    dck_id: docket,
    dck_docket: docket,
    dck_status: status,
    drv_driver: null,
    dck_status_time: '2026-03-10T10:00:00.000Z',
    ...(message ? { message } : {}),
  });

function open(targets = [{ dck_docket: 1001, dck_status: 'O' }], change = saved(1001, 'G')) {
  const api = mockApi({
    '/api/driver/list': reply(DRIVERS),
    '/api/exception/list': reply([{ exc_code: 'DUP', exc_description: 'Duplicate booking' }]),
    '/api/docket/status/change': change,
  });
  const onClose = vi.fn();
  const view = renderApp(<ChangeStatusModal targets={targets} statuses={STATUSES} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'CHANGE DOCKET STATUS' });
  return { ...view, api, dialog, onClose };
}

const options = async (user: ReturnType<typeof open>['user'], dialog: HTMLElement, label: string) => {
  await user.click(within(dialog).getByRole('combobox', { name: new RegExp(`^${label}`) }));
  return screen.getAllByRole('option').map((o) => o.textContent);
};

describe('CHANGE DOCKET STATUS', () => {
  it('lists only the statuses the docket may move to', async () => {
    const { user, dialog } = open([{ dck_docket: 1001, dck_status: 'O' }]);
    expect(within(dialog).getByText('Docket 1001')).toBeTruthy();
    expect(await options(user, dialog, 'Status')).toEqual([
      'Driver allocated',
      'Cancelled',
      'Cancelled by customer',
      'Query',
    ]);
  });

  it('allocates a driver chosen by searching, with the vehicle, and closes', async () => {
    const { user, dialog, api, onClose } = open();
    await options(user, dialog, 'Status');
    await user.click(screen.getByRole('option', { name: 'Driver allocated' }));
    expect(within(dialog).queryByRole('textbox', { name: /^Signed by/ })).toBeNull();
    await user.type(within(dialog).getByRole('combobox', { name: /^Driver/ }), 'small');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Priya Sharma (D02), Small van',
    ]);
    await user.click(screen.getByRole('option', { name: 'Priya Sharma (D02), Small van' }));
    await user.click(within(dialog).getByRole('button', { name: 'Allocate' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodiesOf('/api/docket/status/change')).toEqual([
      { docket: 1001, from: 'O', status: 'G', driver: 'D02' },
    ]);
  });

  it('asks signed-by for collected and refuses without it', async () => {
    const { user, dialog, api } = open([{ dck_docket: 1001, dck_status: 'G' }]);
    await options(user, dialog, 'Status');
    await user.click(screen.getByRole('option', { name: 'Collected' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText("Signed by is required for 'Collected'")).toBeTruthy();
    expect(api.bodiesOf('/api/docket/status/change')).toEqual([]);
  });

  it('asks a reason for a cancellation', async () => {
    const { user, dialog } = open([{ dck_docket: 1001, dck_status: 'O' }]);
    await options(user, dialog, 'Status');
    await user.click(screen.getByRole('option', { name: 'Cancelled' }));
    expect(await options(user, dialog, 'Reason')).toEqual(['Duplicate booking']);
  });

  it("stays open with the server's error on failure", async () => {
    const message =
      "Docket 1001 has been changed by someone else meanwhile: it is now 'Query', not 'Driver allocated'. Refresh the list and try again.";
    const { user, dialog, onClose } = open(
      [{ dck_docket: 1001, dck_status: 'G' }],
      apiError(409, 'CONFLICT', message),
    );
    await options(user, dialog, 'Status');
    await user.click(screen.getByRole('option', { name: 'Collected' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Signed by/ }), 'J Smith');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(message);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows a returned message as a warning', async () => {
    const { user, dialog, onClose } = open(undefined, saved(1001, 'G', 'Gareth Evans already has 12 jobs'));
    await options(user, dialog, 'Status');
    await user.click(screen.getByRole('option', { name: 'Driver allocated' }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Driver/ }));
    await user.click(screen.getByRole('option', { name: 'Gareth Evans (D01), Large van' }));
    await user.click(within(dialog).getByRole('button', { name: 'Allocate' }));
    expect(await screen.findByText('Gareth Evans already has 12 jobs')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it('changes several dockets with one status and shows one result per docket', async () => {
    let n = 0;
    const { user, dialog, api, onClose } = open(
      [
        { dck_docket: 1001, dck_status: 'P' },
        { dck_docket: 1002, dck_status: 'T' },
      ],
      undefined,
    );
    api.fetchMock.mockImplementation((input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      if (path !== '/api/docket/status/change') return Promise.resolve(new Response('[]', { status: 200 }));
      api.calls.push({ path, method: 'POST', body: JSON.parse(String(init?.body)) });
      n += 1;
      return Promise.resolve(
        n === 1
          ? Response.json({
              dck_id: 1,
              dck_docket: 1001,
              dck_status: 'D',
              drv_driver: null,
              dck_status_time: '2026-03-10T10:00:00.000Z',
            })
          : Response.json({ error: 'CONFLICT', message: 'Docket 1002 has been changed' }, { status: 409 }),
      );
    });
    expect(within(dialog).getByText('2 dockets:')).toBeTruthy();
    await options(user, dialog, 'Status');
    await user.click(screen.getByRole('option', { name: 'Delivered' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Signed by/ }), 'Reception');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const results = await within(dialog).findByRole('list', { name: 'Results' });
    expect(
      within(results)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1001: Saved', '1002: Not saved. Docket 1002 has been changed']);
    expect(api.bodiesOf('/api/docket/status/change')).toEqual([
      { docket: 1001, from: 'P', status: 'D', signed_by: 'Reception' },
      { docket: 1002, from: 'T', status: 'D', signed_by: 'Reception' },
    ]);
    expect(onClose).not.toHaveBeenCalled();
  });
});
