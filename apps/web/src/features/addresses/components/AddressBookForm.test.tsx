import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { mockApi, reply } from '../../../test/api-mock';
import { sessionWith } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { BAD_POSTCODE } from '../../../lib/postcode';
import { emptyAddressBook } from '../address-book-values';
import { AddressBookForm } from './AddressBookForm';

afterEach(() => vi.unstubAllGlobals());

/** The ADDRESS DETAIL form of a new entry on the only account, with these settings. */
function renderForm(mandatory: Record<string, string>) {
  const api = mockApi({
    '/api/system/mandatory/list': reply(mandatory),
    '/api/system/config/list': reply({ cfg_disallow_pobox: 'T' }),
  });
  const view = renderApp(
    <AddressBookForm session={sessionWith({ ausr_rights_addressbook: 'T' })} initial={emptyAddressBook(1)} />,
  );
  return { ...view, api };
}

const input = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) });

describe('AddressBookForm', () => {
  it("shows the booking's notification and field error for a bad post code, and saves nothing", async () => {
    const { user, api } = renderForm({ AddressBook: 'cadd_town' });
    await user.type(input('Street'), '1 High Street');
    await user.type(input('Town'), 'Leeds');
    await user.type(input('Postcode'), 'ZZ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const notice = (await screen.findByText('Save Data')).closest('[role="alert"]') as HTMLElement;
    expect(within(notice).getByText(BAD_POSTCODE)).toBeTruthy();
    expect(input('Postcode').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(BAD_POSTCODE)).toHaveLength(2);
    expect(api.bodiesOf('/api/customer/address/post')).toEqual([]);
  });

  it('marks the setting’s fields with an asterisk, never the county nor the street', async () => {
    renderForm({ AddressBook: 'cadd_coname,cadd_street,cadd_county,cadd_town' });
    const starred = () =>
      screen
        .getAllByText('*')
        .map((star) => star.closest('label')?.textContent?.replace(/\s*\*$/, ''))
        .sort();
    await vi.waitFor(() => expect(starred()).toEqual(['Account', 'Company name', 'Town']));
  });
});
