import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '../test/render';
import { Select } from './Select';

const SERVICES = Array.from({ length: 30 }, (_, i) => `Service ${i + 1}`);

const options = () => screen.queryAllByRole('option', { hidden: true });

describe('Select', () => {
  it('draws no list for a field that never had focus (a booking screen has a dozen selects)', () => {
    renderApp(
      <>
        <Select label="Service" data={SERVICES} defaultValue="Service 3" />
        <Select label="Vehicle" data={['Van', 'Car']} />
      </>,
    );
    expect(options()).toHaveLength(0);
  });

  it('opens by keyboard on the current value, as Mantine’s select does, and Enter takes the one the arrows reach', async () => {
    const { user } = renderApp(<Select label="Service" data={SERVICES} defaultValue="Service 3" />);
    await user.tab();
    await waitFor(() => expect(options()).toHaveLength(30));
    await user.keyboard('{ArrowDown}');
    const selected = () => screen.getByRole('listbox').querySelector('[data-combobox-selected]');
    await waitFor(() => expect(selected()?.textContent).toBe('Service 3'));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Service' }).value).toBe('Service 4');
  });

  it('opens with the mouse and takes the option clicked', async () => {
    const { user } = renderApp(<Select label="Service" data={SERVICES} />);
    await user.click(screen.getByRole('combobox', { name: 'Service' }));
    await user.click(await screen.findByRole('option', { name: 'Service 7' }));
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Service' }).value).toBe('Service 7');
  });

  /**
   * A Service select given focus, and a `press` that sends keys in the same task, as a quick
   * keyboard or a test driver does: before any render has drawn the list.
   */
  const focusedAtOnce = () => {
    renderApp(<Select label="Service" data={SERVICES} />);
    const field = screen.getByRole<HTMLInputElement>('combobox', { name: 'Service' });
    field.focus();
    const press = (code: string) =>
      field.dispatchEvent(new KeyboardEvent('keydown', { key: code, code, bubbles: true, cancelable: true }));
    return { field, press };
  };

  it('takes the arrows and Enter pressed the moment it takes focus, before its list is drawn', async () => {
    const { field, press } = focusedAtOnce();
    press('ArrowDown');
    press('ArrowDown');
    press('Enter');
    await waitFor(() => expect(field.value).toBe('Service 2'));
  });

  it('sends an Enter pressed as the held arrow is being sent after it', async () => {
    const { field, press } = focusedAtOnce();
    press('ArrowDown');
    // The arrow has marked an option; Enter comes before the field is known to be ready.
    await waitFor(() => expect(field.getAttribute('aria-activedescendant')).toBeTruthy());
    press('Enter');
    await waitFor(() => expect(field.value).toBe('Service 1'));
  });
});
