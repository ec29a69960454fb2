import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'react-router';
import { screen, waitFor } from '@testing-library/react';
import { MSG, type QuoteView } from '@courier/contracts';
import { SESSION_KEY } from '../../auth';
import { apiError, mockApi, reply } from '../../../test/api-mock';
import { DEMO, NORTHERN, sessionWith } from '../../../test/fixtures';
import { quoteViewAt } from '../../../test/quote-view';
import { renderApp, testQueryClient } from '../../../test/render';
import QuotePage from './QuotePage';

const GUID = 'q'.repeat(43);

/** A quote with tariff 5 chosen and its contact and addresses saved, 15 minutes to run from now. */
const detailedView = (overrides: Partial<QuoteView> = {}): QuoteView =>
  quoteViewAt({
    guid: GUID,
    state: 'detailed',
    expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
    ttyp_tariff: 5,
    tariffs: [
      {
        ttyp_tariff: 5,
        ttyp_description: 'Small van',
        success: true,
        total: 120,
        hold: 132,
        netvat: 20,
        distance: 200,
        time: 240,
        lines: [],
      },
    ],
    dck_contact: 'Gwen Guest',
    dck_telephone: '0161 496 0999',
    dck_email: 'gwen@example.com',
    addresses: [
      {
        dadd_addresstype: 0,
        dadd_companyname: 'Piccadilly Plaza',
        dadd_street: 'Portland Street',
        dadd_town: 'Manchester',
        dadd_postalcode: 'M1 1AE',
      },
      {
        dadd_addresstype: 1,
        dadd_companyname: 'Buckingham Palace',
        dadd_street: 'The Mall',
        dadd_town: 'London',
        dadd_postalcode: 'SW1A 1AA',
      },
    ],
    ...overrides,
  });

const customerOf = (mop: string) => ({
  cust_id: 3,
  cust_name: 'Walk-in Card Customer',
  cust_mop: mop,
  cust_maintariff: 4,
  terms_checkbox: 'T' as const,
  currency_symbol: '£',
  card_provider: 'sandbox',
});

function renderQuote(route: string, signedIn = false) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(SESSION_KEY, signedIn ? sessionWith({ ausr_rights_booking: 'T' }) : null);
  return renderApp(null, {
    route,
    queryClient,
    tenantTheme: true,
    routes: <Route path="/docket/quote" element={<QuotePage />} />,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('QuotePage', () => {
  it('loads a card booking by srv and id on the database srv names, then shows its capture page', async () => {
    const api = mockApi({
      '/api/database/list': reply([DEMO, NORTHERN]),
      [`/api/larry/cardbooking/${GUID}?database=Northern+Express`]: reply(detailedView()),
      '/api/quote/customer': reply(customerOf('O')),
      '/api/quote': reply(detailedView()),
    });
    renderQuote(`/docket/quote?srv=Northern+Express&id=${GUID}`);
    expect(await screen.findByRole('heading', { name: 'Capture' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe(`/docket/quote?page=5&guid=${GUID}`);
    expect(api.bodiesOf('/api/quote/customer')).toContainEqual({ database: 'Northern Express' });
    expect(api.calls.some((c) => c.path.startsWith('/api/larry/cardbooking/'))).toBe(true);
  });

  it("says 'Incomplete addresses' under 'Loading Quote' for a card booking without them, and starts afresh", async () => {
    mockApi({
      '/api/database/list': reply([DEMO, NORTHERN]),
      [`/api/larry/cardbooking/${GUID}?database=Demo+Couriers`]: apiError(
        422,
        'BUSINESS_RULE',
        MSG.incompleteAddresses,
        { addresses: MSG.incompleteAddresses },
      ),
      '/api/quote/customer': reply(customerOf('O')),
    });
    renderQuote(`/docket/quote?srv=Demo+Couriers&id=${GUID}`);
    expect(await screen.findByText('Incomplete addresses')).toBeTruthy();
    expect(screen.getByText('Loading Quote')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/docket/quote?page=1'));
  });

  it('names a missing or malformed post code under its field on page 1 without asking the server', async () => {
    const api = mockApi({
      '/api/database/list': reply([DEMO, NORTHERN]),
      '/api/quote/customer': reply(customerOf('O')),
    });
    const { user } = renderQuote('/docket/quote?page=1');
    const collect = await screen.findByRole('textbox', { name: /^Collection post code/ });
    await user.type(screen.getByRole('textbox', { name: /^Delivery post code/ }), 'ZZ');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Post code is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid UK post code')).toBeTruthy();
    expect(api.bodiesOf('/api/quote/alltariffs/list')).toEqual([]);
    await waitFor(() => expect(document.activeElement).toBe(collect));
  });

  it('books an account payer on account from the addresses page: no payment pages, straight to the reference', async () => {
    let booked = false;
    const api = mockApi({
      '/api/quote/customer': reply(customerOf('A')),
      '/api/quote': () =>
        reply(
          booked ? detailedView({ state: 'booked', dck_docket: 100123 }) : detailedView({ state: 'chosen' }),
        ),
      '/api/quote/docket': reply(detailedView()),
      '/api/quote/book': () => {
        booked = true;
        return reply({ dck_id: 9, dck_docket: 100123, tracking_reference: 'TABC' });
      },
    });
    const { user } = renderQuote(`/docket/quote?page=4&guid=${GUID}`, true);
    expect(await screen.findByRole('heading', { name: 'Addresses' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Your booking reference is : 100123')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe(`/docket/quote?page=8&guid=${GUID}`);
    expect(api.bodiesOf('/api/quote/book')).toEqual([{ database: DEMO.name, guid: GUID }]);
    expect(api.bodiesOf('/api/quote/checkout')).toEqual([]);
    // Signed in: New, and no Register.
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
  });
});
