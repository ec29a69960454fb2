import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { DriverRow } from '@courier/contracts';
import { apiError, mockApi, reply } from '../../../test/api-mock';
import { renderApp, testQueryClient } from '../../../test/render';
import { boardKey } from '../api/control-keys';
import { DriversModal } from './DriversModal';

const DRIVERS: DriverRow[] = [
  {
    drv_driver: 'D1',
    drv_name: 'Dan Driver',
    drv_mobile: '07700 900001',
    drv_tariff: 4,
    ttyp_description: 'Car',
    drv_active: 'T',
    drv_pin_set: 'T',
  },
];

const serve = () =>
  mockApi({
    '/api/driver/list': reply(DRIVERS),
    '/api/tarifftype/list': reply([
      { ttyp_tariff: 4, ttyp_description: 'Car' },
      { ttyp_tariff: 5, ttyp_description: 'Small Van' },
    ]),
    '/api/driver/post': (body) => reply({ ...DRIVERS[0], ...(body as object), drv_pin_set: 'T' }),
  });

describe('DriversModal', () => {
  it('sets a new PIN through driver/post and never shows the current one', async () => {
    const api = serve();
    // A board read before, whose rows show the drivers' names.
    const queryClient = testQueryClient();
    const board = [...boardKey('LIVE'), { page: 1 }];
    queryClient.setQueryData(board, { rows: [] });
    const { user } = renderApp(<DriversModal onClose={() => undefined} />, { queryClient });
    const dialog = await screen.findByRole('dialog', { name: 'Drivers' });
    expect(await within(dialog).findByRole('cell', { name: 'Set' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Edit driver D1' }));
    const form = await screen.findByRole('dialog', { name: 'Driver D1' });
    // Focus opens in the first field that can change (the code is fixed once saved).
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText(/^Name/)));
    const pin = within(form).getByLabelText('PIN');
    expect((pin as HTMLInputElement).value).toBe('');
    expect(within(form).getByText(/A PIN is set/)).toBeTruthy();

    await user.type(pin, '12a34');
    expect((pin as HTMLInputElement).value).toBe('1234');
    expect(within(form).getByText('Use 6 to 12 digits')).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    await user.type(pin, '5678');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.bodiesOf('/api/driver/post')).toHaveLength(1));
    expect(api.bodiesOf('/api/driver/post')[0]).toEqual({
      drv_driver: 'D1',
      drv_name: 'Dan Driver',
      drv_mobile: '07700 900001',
      drv_tariff: 4,
      drv_active: 'T',
      drv_pin: '12345678',
    });
    expect(await screen.findByRole('dialog', { name: 'Drivers' })).toBeTruthy();
    // The boards read again: a renamed driver shows at once, not at the next refresh.
    await waitFor(() => expect(queryClient.getQueryState(board)?.isInvalidated).toBe(true));
  });

  it('goes back to the list on Escape in a driver form, as Cancel does, focus on its Edit button', async () => {
    serve();
    let closed = false;
    const { user } = renderApp(<DriversModal onClose={() => (closed = true)} />);
    const dialog = await screen.findByRole('dialog', { name: 'Drivers' });
    const edit = await within(dialog).findByRole('button', { name: 'Edit driver D1' });
    await user.click(edit);
    await screen.findByRole('dialog', { name: 'Driver D1' });
    await user.keyboard('{Escape}');
    const list = await screen.findByRole('dialog', { name: 'Drivers' });
    expect(closed).toBe(false);
    await waitFor(() =>
      expect(document.activeElement).toBe(within(list).getByRole('button', { name: 'Edit driver D1' })),
    );
    // Escape on the list closes the window.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(closed).toBe(true));
  });

  it('keeps the PIN when left empty and shows the server field errors', async () => {
    const api = mockApi({
      '/api/driver/list': reply(DRIVERS),
      '/api/tarifftype/list': reply([{ ttyp_tariff: 4, ttyp_description: 'Car' }]),
      '/api/driver/post': apiError(400, 'VALIDATION', 'Check the fields', { drv_name: 'Name is required' }),
    });
    const { user } = renderApp(<DriversModal onClose={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Edit driver D1' }));
    const form = await screen.findByRole('dialog', { name: 'Driver D1' });
    await user.clear(within(form).getByLabelText(/^Name/));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Name is required')).toBeTruthy();
    expect(api.bodiesOf('/api/driver/post')[0]).not.toHaveProperty('drv_pin');
  });

  it('reads as Driver, Status and Edit on a phone, nothing to scroll sideways', async () => {
    serve();
    const wide = window.innerWidth;
    window.innerWidth = 390;
    try {
      renderApp(<DriversModal onClose={() => undefined} />);
      const dialog = await screen.findByRole('dialog', { name: 'Drivers' });
      await within(dialog).findByText('D1 Dan Driver');
      expect(
        within(dialog)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['Driver', 'Status', 'Actions']);
      expect(within(dialog).getByText('Car')).toBeTruthy();
      expect(within(dialog).getByText('Active: Yes')).toBeTruthy();
      expect(within(dialog).getByText('PIN: Set')).toBeTruthy();
      expect(within(dialog).getByRole('button', { name: 'Edit driver D1' })).toBeTruthy();
    } finally {
      window.innerWidth = wide;
    }
  });
});
