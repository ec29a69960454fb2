import { describe, expect, it } from 'vitest';
import { Route } from 'react-router';
import { screen } from '@testing-library/react';
import { SESSION_KEY } from '../../auth';
import { mockApi } from '../../../test/api-mock';
import { sessionWith } from '../../../test/fixtures';
import { renderApp, testQueryClient } from '../../../test/render';
import AddressDetailPage from './AddressDetailPage';

/** A user of two accounts whose default account is `defaultAccount`. */
function twoAccounts(defaultAccount: number | null) {
  const session = sessionWith({ ausr_rights_addressbook: 'T' });
  return {
    ...session,
    user: { ...session.user, ausr_cust_id: defaultAccount },
    accounts: [
      { cust_id: 1, cust_acc_code: 'ACME', cust_name: 'Acme Ltd', cust_mop: 'A' as const },
      { cust_id: 2, cust_acc_code: 'BETA', cust_name: 'Beta plc', cust_mop: 'A' as const },
    ],
  };
}

const openNew = (session: ReturnType<typeof twoAccounts>) => {
  mockApi({});
  const queryClient = testQueryClient();
  queryClient.setQueryData(SESSION_KEY, session);
  renderApp(null, {
    route: '/address/detail',
    queryClient,
    routes: <Route path="/address/detail" element={<AddressDetailPage />} />,
  });
};

describe('AddressDetailPage, a new address', () => {
  it("starts on the user's default account when they have several, as a new booking does", async () => {
    openNew(twoAccounts(2));
    const account = await screen.findByRole('combobox', { name: /^Account/ });
    expect((account as HTMLInputElement).value).toBe('Beta plc (BETA)');
  });

  it('starts on no account when the user has several and no default among them', async () => {
    openNew(twoAccounts(99));
    const account = await screen.findByRole('combobox', { name: /^Account/ });
    expect((account as HTMLInputElement).value).toBe('');
  });
});
