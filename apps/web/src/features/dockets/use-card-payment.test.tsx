import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MSG, type DocketCheckoutRequest } from '@courier/contracts';
import { apiError, mockApi, reply, type Handler } from '../../test/api-mock';
import { renderApp, testQueryClient } from '../../test/render';
import { dismissNotice, notifyError } from '../../lib/notify';
import { CardPaymentStep } from './components/CardPaymentStep';
import { PAYMENT_ERROR_MS, useCardPayment } from './use-card-payment';

vi.mock('../../lib/notify', () => ({ notifyError: vi.fn(), dismissNotice: vi.fn() }));

const started = {
  provider: 'sandbox',
  reference: 'sbx_abc',
  url: '/payment/sandbox/sbx_abc?database=Demo+Couriers',
  amount: 26.05,
  currencyCode: 'GBP',
};
const saved = { dck_id: 7, dck_docket: 100007, tracking_reference: 'TABC', total: 23.68, netvat: 3.95 };
const body = {
  dck_cust_id: 3,
  dck_tariff: 4,
  addresses: [],
  parcels: [],
  attempt: 'attempt-0123456789abcdef',
} satisfies DocketCheckoutRequest;

/** A fake card window: where the screen sent it, and whether it is closed. */
function fakeWindow() {
  const win = { location: { href: 'about:blank' }, closed: false, close: vi.fn(() => (win.closed = true)) };
  vi.stubGlobal(
    'open',
    vi.fn(() => win),
  );
  return win;
}

/** The answers of docket/payment, one per call, the last one repeating. */
function answers(...list: Handler[]): Handler {
  let i = 0;
  return (b) => {
    const h = list[Math.min(i++, list.length - 1)]!;
    return typeof h === 'function' ? h(b) : h;
  };
}

function renderPayment() {
  const events = { onPaying: vi.fn(), onCapture: vi.fn(), onBooked: vi.fn() };
  const client = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useCardPayment(events), { wrapper });
  return { result, ...events };
}

const notYet = apiError(409, 'CONFLICT', 'The payment is not complete yet', { reference: 'Not complete' });

beforeEach(() => vi.mocked(notifyError).mockClear());
afterEach(() => vi.unstubAllGlobals());

describe('useCardPayment', () => {
  it('opens the card window inside the click, sends it to the card page and books once authorised', async () => {
    const win = fakeWindow();
    const order: string[] = [];
    vi.mocked(window.open).mockImplementation(() => {
      order.push('open');
      return win as unknown as Window;
    });
    const api = mockApi({
      '/api/docket/checkout': () => {
        order.push('checkout');
        return reply(started);
      },
      '/api/docket/payment': answers(notYet, reply(saved)),
    });
    const { result, onPaying, onBooked, onCapture } = renderPayment();
    act(() => result.current.start(body));
    // Opened before the checkout is even asked: a pop-up blocker lets a window opened in the click through.
    await waitFor(() => expect(order).toEqual(['open', 'checkout']));
    await waitFor(() => expect(onPaying).toHaveBeenCalledOnce());
    expect(win.location.href).toBe(`${window.location.origin}${started.url}`);
    await waitFor(() => expect(result.current.begun?.amount).toBe(26.05));
    await waitFor(() => expect(onBooked).toHaveBeenCalledWith(saved), { timeout: 5000 });
    expect(api.bodiesOf('/api/docket/payment')).toEqual([{ reference: 'sbx_abc' }, { reference: 'sbx_abc' }]);
    expect(api.bodiesOf('/api/docket/checkout')).toEqual([body]);
    expect(win.close).toHaveBeenCalled();
    expect(onCapture).not.toHaveBeenCalled();
    expect(notifyError).not.toHaveBeenCalled();
    // An earlier attempt's 'Payment Unsuccessful' does not outlive the booking.
    expect(dismissNotice).toHaveBeenCalledWith('payment-unsuccessful');
  });

  it("shows the card issuer's check while docket/payment says it waits, then books; giving it up returns to capture", async () => {
    const check = '/payment-return/worldpay/3ds/Q1-abc?database=Northern%20Express';
    const waiting = apiError(409, 'CONFLICT', MSG.cardCheckWaiting, {
      reference: 'Not complete',
      challenge: check,
    });
    const worldpay = { ...started, provider: 'worldpay', url: undefined, client: { clientKey: 'k' } };
    const api = mockApi({
      '/api/docket/checkout': reply(worldpay),
      '/api/docket/payment': answers(waiting, waiting, reply(saved)),
    });
    const { result, onBooked, onCapture } = renderPayment();
    act(() => result.current.start(body, 'card-token'));
    await waitFor(() => expect(result.current.cardCheck).toBe(check));
    await waitFor(() => expect(onBooked).toHaveBeenCalledWith(saved), { timeout: 6000 });
    expect(result.current.cardCheck).toBeNull();
    // The token is paid once; later questions only ask.
    expect(api.bodiesOf('/api/docket/payment')).toEqual([
      { reference: 'sbx_abc', token: 'card-token' },
      { reference: 'sbx_abc' },
      { reference: 'sbx_abc' },
    ]);
    expect(onCapture).not.toHaveBeenCalled();

    mockApi({ '/api/docket/checkout': reply(worldpay), '/api/docket/payment': waiting });
    act(() => result.current.start(body, 'card-token'));
    await waitFor(() => expect(result.current.cardCheck).toBe(check));
    act(() => result.current.giveUpCardCheck());
    expect(result.current.cardCheck).toBeNull();
    expect(onCapture).toHaveBeenCalledOnce();
    expect(result.current.failure).toEqual({ message: MSG.cardCheckNotDone });
  }, 15_000);

  it("returns a declined card to capture with 'Payment Unsuccessful' and the message for 15 s", async () => {
    const win = fakeWindow();
    mockApi({
      '/api/docket/checkout': reply(started),
      '/api/docket/payment': apiError(422, 'BUSINESS_RULE', MSG.paymentError, {
        reference: 'Your card was declined.',
      }),
    });
    const { result, onCapture, onBooked } = renderPayment();
    act(() => result.current.start(body));
    await waitFor(() => expect(onCapture).toHaveBeenCalledOnce());
    expect(notifyError).toHaveBeenCalledWith(
      'Payment Unsuccessful',
      MSG.paymentError,
      PAYMENT_ERROR_MS,
      'payment-unsuccessful',
    );
    expect(PAYMENT_ERROR_MS).toBe(15_000);
    expect(result.current.failure).toEqual({ message: MSG.paymentError, reason: 'Your card was declined.' });
    expect(win.close).toHaveBeenCalled();
    expect(onBooked).not.toHaveBeenCalled();
  });

  it("says 'Payment amount not provided' when there is nothing to hold, and opens no card page", async () => {
    const win = fakeWindow();
    mockApi({
      '/api/docket/checkout': apiError(422, 'BUSINESS_RULE', MSG.paymentAmountMissing, {
        amount: MSG.paymentAmountMissing,
      }),
    });
    const { result, onCapture, onPaying } = renderPayment();
    act(() => result.current.start(body));
    await waitFor(() => expect(onCapture).toHaveBeenCalledOnce());
    expect(notifyError).toHaveBeenCalledWith(
      'Payment Unsuccessful',
      'Payment amount not provided',
      15_000,
      'payment-unsuccessful',
    );
    expect(onPaying).not.toHaveBeenCalled();
    expect(win.location.href).toBe('about:blank');
    expect(win.close).toHaveBeenCalled();
  });

  it("pays a card form's token in the page: no window, the token sent once, booked", async () => {
    const win = fakeWindow();
    const worldpay = {
      ...started,
      provider: 'worldpay',
      reference: 'wp_abc',
      url: undefined,
      client: { clientKey: 'T_C' },
    };
    const api = mockApi({
      '/api/docket/checkout': reply(worldpay),
      '/api/docket/payment': answers(notYet, reply(saved)),
    });
    const { result, onPaying, onBooked } = renderPayment();
    act(() => result.current.start(body, 'TEST_SU_token'));
    await waitFor(() => expect(onPaying).toHaveBeenCalledOnce());
    await waitFor(() => expect(onBooked).toHaveBeenCalledWith(saved), { timeout: 5000 });
    expect(window.open).not.toHaveBeenCalled();
    expect(win.location.href).toBe('about:blank');
    // The token pays once; a 'not yet' is asked again without it.
    expect(api.bodiesOf('/api/docket/payment')).toEqual([
      { reference: 'wp_abc', token: 'TEST_SU_token' },
      { reference: 'wp_abc' },
    ]);
  });

  it('returns to capture without an error when the card window is closed unpaid', async () => {
    const win = fakeWindow();
    const api = mockApi({ '/api/docket/checkout': reply(started), '/api/docket/payment': notYet });
    const { result, onCapture, onBooked } = renderPayment();
    act(() => result.current.start(body));
    await waitFor(() => expect(api.bodiesOf('/api/docket/payment')).toHaveLength(1));
    win.closed = true;
    await waitFor(() => expect(onCapture).toHaveBeenCalledOnce(), { timeout: 6000 });
    expect(notifyError).not.toHaveBeenCalled();
    expect(onBooked).not.toHaveBeenCalled();
  });
});

describe('CardPaymentStep', () => {
  const props = {
    failure: null,
    payment: null,
    busy: false,
    onChange: vi.fn(),
    onCancel: vi.fn(),
  };

  it('offers Authorise to a hosted card form payer (mop O) and hides it for card checkout (mop S)', async () => {
    const onAuthorise = vi.fn();
    const { user, unmount } = renderApp(
      <CardPaymentStep {...props} stage="capture" mop="O" onAuthorise={onAuthorise} />,
    );
    expect(screen.getByRole('heading', { name: 'Payment' })).toBeTruthy();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Change', 'Authorise']);
    await user.click(screen.getByRole('button', { name: 'Authorise' }));
    expect(onAuthorise).toHaveBeenCalledOnce();
    unmount();
    renderApp(<CardPaymentStep {...props} stage="capture" mop="S" onAuthorise={onAuthorise} />);
    expect(screen.queryByRole('button', { name: 'Authorise' })).toBeNull();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Change', 'Confirm']);
  });

  it("shows the provider's card form on capture; Authorise waits for its token", async () => {
    mockApi({
      '/api/system/worldpay': apiError(
        422,
        'BUSINESS_RULE',
        'The card payment provider worldpay is not configured',
        {
          provider: 'Not configured',
        },
      ),
    });
    const cardForm = { database: 'Demo Couriers', key: 0, token: null, onToken: vi.fn() };
    const { unmount } = renderApp(
      <CardPaymentStep {...props} stage="capture" mop="O" onAuthorise={vi.fn()} cardForm={cardForm} />,
    );
    expect(screen.getByText(/secure form below/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Authorise' }) as HTMLButtonElement).disabled).toBe(true);
    // The form's own error (here: not configured) shows where the form would be.
    expect((await screen.findByRole('alert')).textContent).toContain('worldpay is not configured');
    unmount();
    const onAuthorise = vi.fn();
    const { user } = renderApp(
      <CardPaymentStep
        {...props}
        stage="capture"
        mop="O"
        onAuthorise={onAuthorise}
        cardForm={{ ...cardForm, token: 'TEST_SU_token' }}
      />,
    );
    expect(
      screen.getByText('Card details received: Authorise to hold the amount on your card.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Authorise' }));
    expect(onAuthorise).toHaveBeenCalledOnce();
  });

  it("shows the last failure under 'Payment Unsuccessful', and the amount while the card page is open", () => {
    const { unmount } = renderApp(
      <CardPaymentStep
        {...props}
        stage="capture"
        mop="O"
        onAuthorise={vi.fn()}
        failure={{ message: 'Please ring us', reason: 'Your card was declined.' }}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Payment Unsuccessful');
    expect(alert.textContent).toContain('Please ring us');
    expect(alert.textContent).toContain('Your card was declined.');
    unmount();
    renderApp(
      <CardPaymentStep
        {...props}
        stage="payment"
        mop="O"
        onAuthorise={vi.fn()}
        payment={{ ...started, url: 'http://localhost/payment/sandbox/sbx_abc' }}
      />,
    );
    expect(screen.getByText('Authorise £26.05 on the card payment page.').getAttribute('role')).toBe(
      'status',
    );
    expect(screen.getByRole('link', { name: 'Open the card payment page' }).getAttribute('href')).toBe(
      'http://localhost/payment/sandbox/sbx_abc',
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });
});
