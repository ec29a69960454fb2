import { useRef, useState } from 'react';
import type { PostResponse, PriceResponse, UserSession } from '@courier/contracts';
import { ApiError } from '../../lib/api-client';
import { clearErrorNotices, notifyApiError, notifyError, notifySuccess } from '../../lib/notify';
import { storedDocketId } from '../../lib/stored-context';
import { seesPrices } from '../auth';
import { submitOf, useDocketPost } from './api/docket-post';
import { useDocketPrice } from './api/docket-price';
import { bookingErrorNotice } from './booking-errors';
import { type BookedSummary } from './booking-outcome';
import { toDocketInput } from './booking-input';
import { validateBooking, type ValidationContext } from './booking-validation';
import type { BookingFormApi } from './components/field-binder';
import { useCardProvider } from './api/docket-checkout';
import { useCardPayment } from './use-card-payment';
import { useReuseBooking } from './use-new-booking';
import { savedBookingPath } from './booking-paths';

/** The booking screen's pages (spec "access…" §2: docket, confirm, complete, capture, payment). */
export type BookingStep = 'docket' | 'confirm' | 'capture' | 'payment' | 'complete';

/** Brings the first invalid input into view (long forms on small screens). */
function focusFirstError(): void {
  document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/** Puts server field errors on their inputs and shows the catalogue's notification. */
function reportFailure(form: BookingFormApi, error: unknown, fallbackTitle: string): void {
  if (!(error instanceof ApiError)) {
    notifyApiError(fallbackTitle, error);
    return;
  }
  form.setErrors(error.fields ?? {});
  const { title, message } = bookingErrorNotice(error, fallbackTitle);
  notifyError(title, message);
  requestAnimationFrame(focusFirstError);
}

interface FlowOptions {
  form: BookingFormApi;
  session: UserSession;
  validation: ValidationContext;
  /** The account's method of payment (cust_mop): A on account, O hosted card form, S card checkout. */
  mop: string | undefined;
  /** The booking's account (its card provider is asked for card payers). */
  custId: number | null;
  /** Back to a new form (after a save when the user has no complete page). */
  onFresh: () => void;
}

/**
 * The booking screen's states of spec "bookings…" §4. Quote (or Confirm) validates first. With the
 * summary right, price-right users see the confirm step with the price and others the confirm step
 * without one; without it the booking is saved at once. Confirm saves and shows the complete page
 * (with the complete right); Re-use saves and opens a copy; Change returns to editing. A card
 * payer's Confirm (or Re-use) goes to card capture instead (mop O: its Authorise opens the card
 * page; mop S: the card checkout opens at once; a card form provider, Worldpay, takes the card on
 * capture and Authorise pays its token), then the payment page; success goes to complete
 * (or the copy) with the booking reference, failure back to capture with the error.
 */
export function useBookingFlow({ form, session, validation, mop, custId, onFresh }: FlowOptions) {
  const [step, setStep] = useState<BookingStep>('docket');
  const [quote, setQuote] = useState<PriceResponse | null>(null);
  const [booking, setBooking] = useState<BookedSummary | null>(null);
  const price = useDocketPrice();
  const post = useDocketPost();
  const reuse = useReuseBooking();
  const showPrice = seesPrices(session);
  const summary = session.user.ausr_booking_summary === 'T';
  const complete = session.user.ausr_booking_complete === 'T';
  const cardPayer = mop === 'O' || mop === 'S';
  const provider = useCardProvider(cardPayer ? custId : null);
  // The card is taken by a form on the capture page (Worldpay); unknown while still asked.
  const cardForm = provider.isPending ? undefined : provider.data?.form === true;
  const [cardToken, setCardToken] = useState<string | null>(null);
  // A card form's token pays once: every return to capture shows a fresh form.
  const [formKey, setFormKey] = useState(0);
  // One key per booking attempt: a second Authorise pays for the same booking (booked once).
  const attempt = useRef<string | null>(null);
  const then = useRef<'complete' | 'reuse'>('complete');

  /** A saved booking: Your Booking on the complete page, or a copy (Re-use), or a new form. */
  const booked = (saved: PostResponse, how: 'complete' | 'reuse') => {
    const values = form.getValues();
    storedDocketId.set(saved.dck_id);
    attempt.current = null;
    if (how === 'reuse' || !complete) {
      notifySuccess(`Booking ${saved.dck_docket} saved`, 'Booking');
      if (how === 'reuse') reuse(values);
      else onFresh();
      return;
    }
    setBooking({
      ...saved,
      total: showPrice ? (saved.total ?? null) : null,
      netvat: showPrice ? (saved.netvat ?? null) : null,
    });
    setStep('complete');
    // The address becomes the saved booking's, so a reload (or Back to it later) shows it again
    // rather than an empty form. Only the browser's address changes: the router keeps this screen
    // (its state object is kept) and the form stays as confirmed.
    window.history.replaceState(window.history.state, '', savedBookingPath(saved.dck_id));
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const card = useCardPayment({
    onPaying: () => setStep('payment'),
    onCapture: () => {
      setCardToken(null);
      setFormKey((k) => k + 1);
      setStep('capture');
    },
    onBooked: (saved) => booked(saved, then.current),
  });

  /** Authorise (mop O) or the card checkout (mop S): inside the click that asked for it. */
  const authorise = () => {
    if (cardForm && !cardToken) return;
    attempt.current ??= crypto.randomUUID();
    card.start({ ...toDocketInput(form.getValues()), attempt: attempt.current }, cardToken ?? undefined);
  };

  const valid = (): boolean => {
    const { errors, notice } = validateBooking(form.getValues(), validation);
    form.setErrors(errors);
    if (notice) notifyError(notice.title, notice.message);
    const ok = !notice && Object.keys(errors).length === 0;
    if (!ok) requestAnimationFrame(focusFirstError);
    return ok;
  };

  const toConfirm = (priced: PriceResponse | null) => {
    setQuote(priced);
    setStep('confirm');
  };

  const save = (how: 'complete' | 'reuse') => {
    if (cardPayer) {
      then.current = how;
      if (mop === 'S' && cardForm === false) return authorise();
      setStep('capture');
      return;
    }
    post.mutate(submitOf(toDocketInput(form.getValues())), {
      onSuccess: (saved) => booked(saved, how),
      onError: (error) => {
        setStep('docket');
        reportFailure(form, error, 'Submit Error');
      },
    });
  };

  const submit = () => {
    if (!valid()) return;
    // The booking passes its checks: an earlier attempt's 'Insufficient information' no longer holds.
    clearErrorNotices();
    if (!summary) return save('complete');
    if (!showPrice) return toConfirm(null);
    price.mutate(toDocketInput(form.getValues()), {
      onSuccess: toConfirm,
      onError: (error) => reportFailure(form, error, 'Pricing Docket'),
    });
  };

  return {
    step,
    quote,
    booking,
    summary,
    showPrice,
    busy: price.isPending || post.isPending || card.busy,
    submit,
    confirm: () => save('complete'),
    saveAndReuse: () => save('reuse'),
    change: () => {
      card.reset();
      setCardToken(null);
      attempt.current = null;
      setQuote(null);
      setStep('docket');
    },
    /** The card payment: Authorise, Cancel, the last failure and the started payment. */
    mop,
    authorise,
    cancelPayment: card.cancel,
    paymentFailure: card.failure,
    payment: card.begun,
    /** The card issuer's 3-D Secure check to show, and giving it up. */
    cardCheck: card.cardCheck,
    giveUpCardCheck: card.giveUpCardCheck,
    /** The capture page's card form (Worldpay), when the account's provider takes the card in the page. */
    cardForm: cardForm
      ? { database: session.tenant.name, key: formKey, token: cardToken, onToken: setCardToken }
      : null,
    /** Still asking how the card is taken. */
    cardFormPending: cardPayer && cardForm === undefined,
  };
}
