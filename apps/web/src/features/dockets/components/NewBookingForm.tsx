import { useEffect, useRef } from 'react';
import { Box } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { CustomerRow, ServiceType, UserSession, TariffType } from '@courier/contracts';
import { PageTitle } from '../../../components/PageTitle';
import { rescueFocus, screenHeading } from '../../../lib/focus';
import { isCardPayer } from '../booking-outcome';
import { useBookingRules } from '../booking-rules';
import { accountDefaults, newBooking, type BookingValues } from '../booking-values';
import { useAccountAddressPrefill } from '../use-account-address';
import { useBookingFlow } from '../use-booking-flow';
import { useNewBooking, useReuseBooking, useUnsavedBooking } from '../use-new-booking';
import { BookingSections } from './BookingSections';
import { CardPaymentStep } from './CardPaymentStep';
import { ConfirmStep, EditActions } from './StepPanel';
import { YourBooking } from './YourBooking';

interface NewBookingFormProps {
  session: UserSession;
  accounts: CustomerRow[];
  defaultAccount: CustomerRow;
  services: ServiceType[];
  tariffs: TariffType[];
  /** A Re-use copy to start from; else a new booking on the default account. */
  reused?: BookingValues;
}

/**
 * The booking screen for a new booking (spec "bookings…" §2 Booking detail, §4): 'NEW BOOKING',
 * the sections, then Quote → Confirm → 'BOOKING {docket}' with Your Booking; card payers pass
 * through capture and payment (the card page) before it. Read-only from the confirm step on.
 */
export function NewBookingForm({
  session,
  accounts,
  defaultAccount,
  services,
  tariffs,
  reused,
}: NewBookingFormProps) {
  const form = useForm<BookingValues>({ initialValues: reused ?? newBooking(defaultAccount) });
  const custId = Number(form.getValues().dck_cust_id) || null;
  const account = accounts.find((a) => a.cust_id === custId);
  const rules = useBookingRules(custId);
  const startNew = useNewBooking();
  const reuse = useReuseBooking();
  const prefill = useAccountAddressPrefill(form, session.user.ausr_accountaddress === 'T');

  const fresh = () => {
    form.setValues(newBooking(defaultAccount));
    form.resetDirty();
    form.clearErrors();
    prefill(defaultAccount.cust_id);
  };
  const flow = useBookingFlow({
    form,
    session,
    validation: { rules, account, bypassPostcode: session.user.ausr_bypass_pcode_validation === 'T' },
    mop: account?.cust_mop,
    custId,
    onFresh: fresh,
  });

  // A new booking (not a copy) starts with the account address when the user has that option.
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || reused) return;
    prefilled.current = true;
    prefill(defaultAccount.cust_id);
  }, [prefill, reused, defaultAccount.cust_id]);

  // 'New booking' asks before it wipes what was entered and not saved yet.
  useUnsavedBooking(() => flow.step !== 'complete' && form.isDirty());

  // Each step replaces the buttons that had focus: Quote's result (the Confirm step) takes it, a
  // saved booking's heading 'BOOKING {docket}', and Change gives it back to Quote.
  const confirmRef = useRef<HTMLDivElement>(null);
  const confirmTitle = useRef<HTMLHeadingElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const shownStep = useRef(flow.step);
  useEffect(() => {
    if (shownStep.current === flow.step) return;
    shownStep.current = flow.step;
    if (flow.step === 'confirm' || flow.step === 'capture' || flow.step === 'payment') {
      confirmTitle.current?.focus({ preventScroll: true });
      confirmRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    } else if (flow.step === 'complete') screenHeading()?.focus({ preventScroll: true });
    else submitButton.current?.focus();
  }, [flow.step]);
  // A Quote or a save that failed, or a save that started afresh, leaves focus on no control.
  useEffect(() => {
    if (!flow.busy) rescueFocus(submitButton.current);
  }, [flow.busy]);

  const onAccount = (chosen: CustomerRow) => {
    form.setValues({ dck_cust_id: String(chosen.cust_id), ...accountDefaults(chosen) });
    prefill(chosen.cust_id);
  };

  const actions =
    flow.step === 'docket' ? (
      <EditActions
        summary={flow.summary}
        showPrice={flow.showPrice}
        busy={flow.busy}
        onSubmit={flow.submit}
        onReset={fresh}
        submitRef={submitButton}
      />
    ) : flow.step === 'confirm' ? (
      <Box ref={confirmRef}>
        <ConfirmStep
          quote={flow.quote}
          cardPayer={isCardPayer(account)}
          busy={flow.busy}
          onChange={flow.change}
          onConfirm={flow.confirm}
          onSaveAndReuse={flow.saveAndReuse}
          titleRef={confirmTitle}
        />
      </Box>
    ) : flow.step === 'capture' || flow.step === 'payment' ? (
      <Box ref={confirmRef}>
        <CardPaymentStep
          stage={flow.step}
          mop={flow.mop}
          failure={flow.paymentFailure}
          payment={flow.payment}
          cardForm={flow.cardForm}
          cardCheck={flow.cardCheck}
          onCardCheckClosed={flow.giveUpCardCheck}
          busy={flow.busy || flow.cardFormPending}
          onChange={flow.change}
          onAuthorise={flow.authorise}
          onCancel={flow.cancelPayment}
          titleRef={confirmTitle}
        />
      </Box>
    ) : null;

  return (
    <>
      <PageTitle>{flow.booking ? `BOOKING ${flow.booking.dck_docket}` : 'NEW BOOKING'}</PageTitle>
      {flow.booking && (
        <YourBooking booking={flow.booking} onReuse={() => reuse(form.getValues())} onNew={startNew} />
      )}
      <BookingSections
        form={form}
        readOnly={flow.step !== 'docket'}
        accounts={accounts}
        services={services}
        tariffs={tariffs}
        rules={rules}
        onAccount={onAccount}
        actions={actions}
      />
    </>
  );
}
