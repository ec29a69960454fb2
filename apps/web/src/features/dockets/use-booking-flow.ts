import { useState } from 'react';
import type { PriceResponse, UserSession } from '@courier/contracts';
import { ApiError } from '../../lib/api-client';
import { notifyApiError, notifyError, notifySuccess } from '../../lib/notify';
import { storedDocketId } from '../../lib/stored-context';
import { seesPrices } from '../auth';
import { submitOf, useDocketPost } from './api/docket-post';
import { useDocketPrice } from './api/docket-price';
import { bookingErrorNotice } from './booking-errors';
import { CARD_PAYMENT_UNAVAILABLE, type BookedSummary } from './booking-outcome';
import { toDocketInput } from './booking-input';
import { validateBooking, type ValidationContext } from './booking-validation';
import type { BookingFormApi } from './components/field-binder';
import { useReuseBooking } from './use-new-booking';

/** The booking screen's pages that exist (spec "access…" §2: docket, confirm, complete). */
export type BookingStep = 'docket' | 'confirm' | 'complete';

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
  /** The account pays by card (cust_mop O or S): nothing can be saved yet. */
  cardPayer: boolean;
  /** Back to a new form (after a save when the user has no complete page). */
  onFresh: () => void;
}

/**
 * The booking screen's states of spec "bookings…" §4. Quote (or Confirm) validates first. With the
 * summary right, price-right users see the confirm step with the price and others the confirm step
 * without one; without it the booking is saved at once. Confirm saves and shows the complete page
 * (with the complete right); Re-use saves and opens a copy; Change returns to editing.
 */
export function useBookingFlow({ form, session, validation, cardPayer, onFresh }: FlowOptions) {
  const [step, setStep] = useState<BookingStep>('docket');
  const [quote, setQuote] = useState<PriceResponse | null>(null);
  const [booking, setBooking] = useState<BookedSummary | null>(null);
  const price = useDocketPrice();
  const post = useDocketPost();
  const reuse = useReuseBooking();
  const showPrice = seesPrices(session);
  const summary = session.user.ausr_booking_summary === 'T';
  const complete = session.user.ausr_booking_complete === 'T';

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

  const save = (then: 'complete' | 'reuse') => {
    if (cardPayer) {
      notifyError('Submit Error', CARD_PAYMENT_UNAVAILABLE);
      return;
    }
    const values = form.getValues();
    post.mutate(submitOf(toDocketInput(values)), {
      onSuccess: (saved) => {
        storedDocketId.set(saved.dck_id);
        if (then === 'reuse' || !complete) {
          notifySuccess(`Booking ${saved.dck_docket} saved`, 'Booking');
          if (then === 'reuse') reuse(values);
          else onFresh();
          return;
        }
        setBooking({
          ...saved,
          total: showPrice ? (saved.total ?? null) : null,
          netvat: showPrice ? (saved.netvat ?? null) : null,
        });
        setStep('complete');
        window.scrollTo({ top: 0, behavior: 'smooth' });
      },
      onError: (error) => {
        setStep('docket');
        reportFailure(form, error, 'Submit Error');
      },
    });
  };

  const submit = () => {
    if (!valid()) return;
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
    busy: price.isPending || post.isPending,
    submit,
    confirm: () => save('complete'),
    saveAndReuse: () => save('reuse'),
    change: () => {
      setQuote(null);
      setStep('docket');
    },
  };
}
