import { describe, expect, it } from 'vitest';
import { Route } from 'react-router';
import { screen } from '@testing-library/react';
import type { CustomerAddress } from '@courier/contracts';
import { SESSION_KEY } from '../../auth';
import { mockApi, reply } from '../../../test/api-mock';
import { sessionWith } from '../../../test/fixtures';
import { renderApp, testQueryClient } from '../../../test/render';
import AddressListPage from './AddressListPage';

const address = (cadd_id: number, cadd_coname: string, cadd_postalcode: string): CustomerAddress => ({
  cadd_id,
  cadd_cust_id: 1,
  cust_acc_code: 'ACME',
  cust_name: 'Acme Ltd',
  cadd_coname,
  cadd_build: '',
  cadd_street: '1 High Street',
  cadd_locality: '',
  cadd_town: 'Leeds',
  cadd_county: '',
  cadd_country: 'United Kingdom',
  cadd_postalcode,
  cadd_latitude: null,
  cadd_longitude: null,
  cadd_address_type: 1,
  cadd_default_delivery: 'F',
});

describe('AddressListPage, opening an address', () => {
  it('makes each post code a link to its ADDRESS DETAIL, named even without a company, and follows it with Enter', async () => {
    mockApi({
      '/api/customer/address/list': () =>
        reply({
          rows: [address(7, 'Acme Stores', 'LS1 4DY'), address(8, '', 'M1 1AE')],
          page: 1,
          pageSize: 20,
          hasMore: false,
        }),
    });
    const queryClient = testQueryClient();
    queryClient.setQueryData(SESSION_KEY, sessionWith({ ausr_rights_addressbook: 'T' }));
    const { user } = renderApp(null, {
      route: '/address/list',
      queryClient,
      routes: <Route path="/address/list" element={<AddressListPage />} />,
    });
    const named = await screen.findByRole('link', { name: 'Open address Acme Stores, LS1 4DY' });
    expect(named.getAttribute('href')).toBe('/address/detail?_id=7');
    const bare = screen.getByRole('link', { name: 'Open address M1 1AE' });
    bare.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('location').textContent).toBe('/address/detail?_id=8');
  });
});
