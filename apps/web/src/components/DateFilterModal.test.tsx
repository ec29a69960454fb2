import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../test/render';
import { DateFilterModal, type DateRange } from './DateFilterModal';

/** The date pickers' file loads on first opening: cold, in the test run, it can take a few seconds. */
const LOADED = { timeout: 10_000 };

const DEFAULTS: DateRange = { dateStart: '08/03/2026', dateEnd: '10/03/2026' };

async function renderFilter(initial: DateRange = DEFAULTS) {
  const onApply = vi.fn<(dates: DateRange) => void>();
  const onClose = vi.fn();
  const view = renderApp(<DateFilterModal opened initial={initial} onApply={onApply} onClose={onClose} />);
  const dialog = await screen.findByRole('dialog', { name: 'Filter' }, LOADED);
  return { ...view, dialog, onApply, onClose };
}

const dateButton = (dialog: HTMLElement, label: 'Start date' | 'End date') =>
  within(dialog).getByRole('button', { name: new RegExp(`^${label}`) });
const apply = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Apply' });

describe('DateFilterModal', () => {
  it('draws nothing until it first opens', async () => {
    function Opener() {
      const [opened, setOpened] = useState(false);
      return (
        <>
          <button onClick={() => setOpened(true)}>Filter</button>
          <DateFilterModal opened={opened} initial={DEFAULTS} onApply={vi.fn()} onClose={vi.fn()} />
        </>
      );
    }
    const { user } = renderApp(<Opener />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Start date')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter' }, LOADED);
    expect(dateButton(dialog, 'Start date').textContent).toBe('08/03/2026');
  });

  it('starts from the given dates, DD/MM/YYYY, both marked required', async () => {
    const { dialog } = await renderFilter();
    expect(dateButton(dialog, 'Start date').textContent).toBe('08/03/2026');
    expect(dateButton(dialog, 'End date').textContent).toBe('10/03/2026');
    for (const label of ['Start date', 'End date'])
      expect(within(dialog).getByText(label).closest('label')!.textContent).toMatch(/\*/);
    expect(apply(dialog)).toHaveProperty('disabled', false);
  });

  it('applies the dates as they are', async () => {
    const { dialog, user, onApply } = await renderFilter();
    await user.click(apply(dialog));
    expect(onApply).toHaveBeenCalledWith(DEFAULTS);
  });

  it('applies dates chosen on the calendars', async () => {
    const { dialog, user, onApply } = await renderFilter();
    await user.click(dateButton(dialog, 'Start date'));
    await user.click(screen.getByRole('button', { name: '2 March 2026' }));
    expect(dateButton(dialog, 'Start date').textContent).toBe('02/03/2026');
    await user.click(dateButton(dialog, 'End date'));
    await user.click(screen.getByRole('button', { name: '4 March 2026' }));
    await user.click(apply(dialog));
    expect(onApply).toHaveBeenCalledWith({ dateStart: '02/03/2026', dateEnd: '04/03/2026' });
  });

  it('offers no end date before the start date', async () => {
    const { dialog, user } = await renderFilter();
    await user.click(dateButton(dialog, 'End date'));
    expect(screen.getByRole('button', { name: '7 March 2026' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: '9 March 2026' })).toHaveProperty('disabled', false);
  });

  it('refuses a start after the end', async () => {
    const { dialog, user, onApply } = await renderFilter();
    await user.click(dateButton(dialog, 'Start date'));
    await user.click(screen.getByRole('button', { name: '12 March 2026' }));
    expect(within(dialog).getByText('End date is before the start date')).toBeTruthy();
    expect(apply(dialog)).toHaveProperty('disabled', true);
    await user.click(apply(dialog));
    expect(onApply).not.toHaveBeenCalled();
  });

  it('needs both dates', async () => {
    const { dialog, user, onApply } = await renderFilter({ dateStart: '', dateEnd: '' });
    expect(within(dialog).getByText('Start date is required')).toBeTruthy();
    expect(within(dialog).getByText('End date is required')).toBeTruthy();
    expect(apply(dialog)).toHaveProperty('disabled', true);
    await user.click(dateButton(dialog, 'Start date'));
    await user.click(screen.getAllByRole('button', { name: /^15 \w+ \d{4}$/ })[0]!);
    expect(within(dialog).queryByText('Start date is required')).toBeNull();
    expect(apply(dialog)).toHaveProperty('disabled', true);
    expect(onApply).not.toHaveBeenCalled();
  });

  it('closes on Cancel without applying', async () => {
    const { dialog, user, onApply, onClose } = await renderFilter();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onApply).not.toHaveBeenCalled();
  });
});
