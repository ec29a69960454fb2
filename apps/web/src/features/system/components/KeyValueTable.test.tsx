import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SETTING_KEY_MESSAGE } from '@courier/contracts';
import { renderApp } from '../../../test/render';
import type { SettingValues } from '../api/settings';
import { KeyValueTable } from './KeyValueTable';

function General({ initial }: { initial: SettingValues }) {
  const [values, setValues] = useState(initial);
  return <KeyValueTable group="general" title="General" values={values} onChange={setValues} />;
}

describe('KeyValueTable', () => {
  it('opens a new setting with no complaint, names a bad key under Key and a bad value under Value', async () => {
    const { user } = renderApp(<General initial={{ Booking: 'T' }} />);
    await user.click(screen.getByRole('button', { name: 'Add General setting' }));
    const dialog = await screen.findByRole('dialog', { name: 'New General setting' });
    // Nothing typed yet: no rule under Key or Value.
    expect(within(dialog).queryByText(SETTING_KEY_MESSAGE)).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'OK' }).hasAttribute('disabled')).toBe(true);

    const key = within(dialog).getByRole('textbox', { name: /^Key/ });
    await user.type(key, 'bad key');
    const keyError = within(dialog).getByText(SETTING_KEY_MESSAGE);
    expect(key.getAttribute('aria-describedby')).toContain(keyError.id);
    expect(within(dialog).getAllByText(SETTING_KEY_MESSAGE)).toHaveLength(1);

    await user.clear(key);
    await user.type(key, 'SupportEmail');
    const value = within(dialog).getByRole('textbox', { name: 'Value' });
    await user.type(value, 'not-an-address');
    const valueError = within(dialog).getByText(/e-?mail/i);
    expect(value.getAttribute('aria-describedby')).toContain(valueError.id);
    await user.clear(value);
    await user.type(value, 'help@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('cell', { name: 'help@example.com' })).toBeTruthy();
  });

  it('moves focus to the next row after a Delete, the row before for the last, then to Add', async () => {
    const { user } = renderApp(<General initial={{ ArchiveDays: '90', Booking: 'T', Country: 'UK' }} />);
    const button = (name: string) => screen.getByRole('button', { name });
    await user.click(button('Delete ArchiveDays'));
    await waitFor(() => expect(document.activeElement).toBe(button('Delete Booking')));
    expect(screen.queryByRole('cell', { name: 'ArchiveDays' })).toBeNull();
    await user.click(button('Delete Country'));
    await waitFor(() => expect(document.activeElement).toBe(button('Delete Booking')));
    await user.click(button('Delete Booking'));
    await waitFor(() => expect(document.activeElement).toBe(button('Add General setting')));
  });
});
