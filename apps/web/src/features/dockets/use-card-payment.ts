import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  MSG,
  type CheckoutResponse,
  type DocketCheckoutRequest,
  type PostResponse,
} from '@courier/contracts';
import { ApiError } from '../../lib/api-client';
import { dismissNotice, notifyError } from '../../lib/notify';
import { useDocketCheckout } from './api/docket-checkout';
import { DOCKET_LIST_KEY } from './api/docket-list';
import { postDocketPayment } from './api/docket-payment';

/** Payment errors show 15 s (spec "bookings…" §9: payment errors shown 15000 ms). */
export const PAYMENT_ERROR_MS = 15_000;
/** The one 'Payment Unsuccessful' notice: a new attempt or a booking takes the last one away. */
const PAYMENT_NOTICE = 'payment-unsuccessful';
/** While the provider has no answer yet (409) the screen asks again this often … */
export const POLL_MS = 1_500;
/** … for about the 15 minutes a payment attempt lives. */
const POLL_TRIES = 600;
/** The card page's window: one at a time, reused by a second Authorise. */
const PAYMENT_WINDOW = 'courier-card-payment';

/** Why a payment failed: the settings' message (or the spec's) and the provider's own, if another. */
export interface PaymentFailure {
  message: string;
  reason?: string;
}

/**
 * A failed docket/checkout or docket/payment as 'Payment Unsuccessful' shows it: the server's
 * message ('Payment amount not provided', the settings' Quote.PaymentError …) and the provider's
 * reason in `fields.reference` when it says more; the spec's default text for anything else.
 */
export function paymentFailureOf(error: unknown): PaymentFailure {
  if (!(error instanceof ApiError)) return { message: MSG.paymentError };
  const reason = error.fields?.reference;
  return reason && reason !== error.message ? { message: error.message, reason } : { message: error.message };
}

interface CardPaymentOptions {
  /** The card page is open: the screen shows its payment page. */
  onPaying: () => void;
  /** Back to capture (a failure, a cancel, the card window closed unpaid). */
  onCapture: () => void;
  /** The provider authorised and the server booked: the booking. */
  onBooked: (saved: PostResponse) => void;
}

/**
 * The booking screen's card payment (spec "bookings…" §4 Booking detail: capture, payment,
 * complete; "access…" §4 Card payment states): with a card form's token, `start` starts the
 * payment and pays it with the token in the page; otherwise it opens the provider's card page in a window
 * of its own (opened at once, inside the click, so no pop-up blocker stops it, then sent to the
 * page docket/checkout answers), and asks docket/payment every 1.5 s until the server says booked
 * (→ complete) or failed (→ capture with 'Payment Unsuccessful' and the message for 15 s). A card
 * window closed without an answer returns to capture; `cancel` does the same at once. While the
 * card issuer's 3-D Secure check waits (409 with `fields.challenge`), `cardCheck` is its page.
 */
export function useCardPayment({ onPaying, onCapture, onBooked }: CardPaymentOptions) {
  const queryClient = useQueryClient();
  const checkout = useDocketCheckout();
  const [failure, setFailure] = useState<PaymentFailure | null>(null);
  const [begun, setBegun] = useState<CheckoutResponse | null>(null);
  /** The card issuer's 3-D Secure check that waits for the payer (our card check page), or null. */
  const [cardCheck, setCardCheck] = useState<string | null>(null);
  const popup = useRef<Window | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Each start or cancel makes the answers of an earlier one stale.
  const run = useRef(0);

  const stop = () => {
    run.current += 1;
    setCardCheck(null);
    clearTimeout(timer.current);
    popup.current?.close();
    popup.current = null;
  };
  useEffect(() => stop, []);

  const fail = (f: PaymentFailure) => {
    stop();
    notifyError(MSG.paymentUnsuccessfulTitle, f.message, PAYMENT_ERROR_MS, PAYMENT_NOTICE);
    setFailure(f);
    onCapture();
  };

  const poll = (mine: number, reference: string, tries = 0, closedSeen = false, token?: string) => {
    postDocketPayment(token ? { reference, token } : { reference }).then(
      (saved) => {
        if (mine !== run.current) return;
        stop();
        dismissNotice(PAYMENT_NOTICE);
        setFailure(null);
        setBegun(null);
        void queryClient.invalidateQueries({ queryKey: DOCKET_LIST_KEY });
        onBooked(saved);
      },
      (error: unknown) => {
        if (mine !== run.current) return;
        if (!(error instanceof ApiError) || error.status !== 409) return fail(paymentFailureOf(error));
        // The card issuer's check waits for the payer: shown over the page, asked again until answered.
        const check = error.fields?.challenge;
        if (check) setCardCheck(check);
        // Unpaid and its window closed: asked once more (an answer may have raced the close), then capture.
        const closed = popup.current?.closed === true;
        if ((closed && closedSeen) || tries >= POLL_TRIES) {
          stop();
          return onCapture();
        }
        timer.current = setTimeout(() => poll(mine, reference, tries + 1, closed), POLL_MS);
      },
    );
  };

  /**
   * Authorise: starts the payment of `body` (call it inside the click). With a card form's
   * `token` (Worldpay) no window opens: the token pays the started payment at once.
   */
  const start = (body: DocketCheckoutRequest, token?: string) => {
    stop();
    const mine = run.current;
    setFailure(null);
    if (!token) popup.current = window.open('', PAYMENT_WINDOW, 'popup,width=560,height=760') ?? null;
    checkout.mutate(body, {
      onSuccess: (started) => {
        if (mine !== run.current) return;
        if (token) {
          if (!started.client) return fail({ message: MSG.paymentError });
          setBegun(started);
          onPaying();
          return poll(mine, started.reference, 0, false, token);
        }
        if (!started.url) return fail({ message: MSG.paymentError });
        const url = new URL(started.url, window.location.origin).href;
        setBegun({ ...started, url });
        if (popup.current) popup.current.location.href = url;
        onPaying();
        poll(mine, started.reference);
      },
      onError: (error) => {
        if (mine === run.current) fail(paymentFailureOf(error));
      },
    });
  };

  return {
    start,
    /** Cancel on the payment page: the card window closes, back to capture. */
    cancel: () => {
      stop();
      onCapture();
    },
    /** Forget an earlier failure (Change, a new booking). */
    reset: () => {
      stop();
      setFailure(null);
      setBegun(null);
    },
    failure,
    begun,
    /** The card issuer's check to show (3-D Secure), or null. */
    cardCheck,
    /** The payer closed the card check unanswered: the payment is not completed, back to capture. */
    giveUpCardCheck: () => fail({ message: MSG.cardCheckNotDone }),
    busy: checkout.isPending,
  };
}
