import type { Ref } from 'react';
import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowBack, IconCreditCard, IconX } from '@tabler/icons-react';
import { MSG, type CheckoutResponse } from '@courier/contracts';
import { CardCheckModal } from '../../../components/CardCheckModal';
import { Section } from '../../../components/Section';
import { WorldpayCardForm } from '../../../components/WorldpayCardForm';
import { formatMoney } from '../../../lib/format';
import type { PaymentFailure } from '../use-card-payment';

/** The capture page's card form: the tenant it loads for, a fresh form per key, the token it gave. */
export interface CardFormState {
  database: string;
  key: number;
  token: string | null;
  onToken: (token: string) => void;
}

interface CardPaymentStepProps {
  /** capture: before the card page (and after a failure); payment: while the card page is open. */
  stage: 'capture' | 'payment';
  /** The account's method of payment: 'S' (card checkout) has no Authorise (spec "access…" §4). */
  mop: string | undefined;
  failure: PaymentFailure | null;
  /** The started payment: its amount (pounds) and card page. */
  payment: CheckoutResponse | null;
  /** The provider's card form on capture (Worldpay): its tenant, a key per fresh form, its token. */
  cardForm?: CardFormState | null;
  /** While paying: the card issuer's 3-D Secure check to show (our card check page), or null. */
  cardCheck?: string | null;
  /** The payer closed the card check unanswered. */
  onCardCheckClosed?: () => void;
  busy: boolean;
  onChange: () => void;
  onAuthorise: () => void;
  onCancel: () => void;
  titleRef?: Ref<HTMLHeadingElement>;
}

/**
 * The booking screen's card pages (spec "bookings…" §2 section 'Payment', §4 capture and payment;
 * "access…" §4 Card payment states): capture says how the card is taken, shows the last failure
 * ('Payment Unsuccessful' with its message) and offers Change and Authorise (hidden for mop 'S',
 * whose card checkout opened from Confirm: Confirm opens it again); payment waits for the card
 * page with its amount, a link to open it again and Cancel. With a card form provider (Worldpay)
 * capture shows its form, and Authorise (Confirm for mop 'S') pays the token the form gave.
 */
export function CardPaymentStep({
  stage,
  mop,
  failure,
  payment,
  cardForm,
  cardCheck = null,
  onCardCheckClosed = () => undefined,
  busy,
  onChange,
  onAuthorise,
  onCancel,
  titleRef,
}: CardPaymentStepProps) {
  if (stage === 'payment')
    return (
      <Section title="Payment" titleRef={titleRef}>
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <Loader size="sm" aria-hidden />
            <Text role="status">
              {cardForm
                ? `Authorising ${payment ? formatMoney(payment.amount) : 'the amount'} on your card…`
                : payment
                  ? `Authorise ${formatMoney(payment.amount)} on the card payment page.`
                  : 'Opening the card payment page…'}
            </Text>
          </Group>
          {payment?.url && (
            <Text size="sm">
              No card payment page?{' '}
              <Anchor href={payment.url} target="courier-card-payment" rel="opener">
                Open the card payment page
              </Anchor>
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" leftSection={<IconX size={16} />} onClick={onCancel}>
              Cancel
            </Button>
          </Group>
          <CardCheckModal url={cardCheck} onClose={onCardCheckClosed} />
        </Stack>
      </Section>
    );
  return (
    <Section title="Payment" titleRef={titleRef}>
      <Stack gap="md">
        {failure && (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={18} />}
            title={MSG.paymentUnsuccessfulTitle}
            role="alert"
          >
            <Text size="sm">{failure.message}</Text>
            {failure.reason && <Text size="sm">{failure.reason}</Text>}
          </Alert>
        )}
        <Text size="sm">
          {cardForm
            ? "Enter your card in the card payment provider's secure form below. "
            : "Your card is entered on the card payment provider's secure page. "}
          The amount is authorised only: it is held on your card, not taken, until the booking is fulfilled.
        </Text>
        {cardForm &&
          (cardForm.token ? (
            <Text size="sm" role="status">
              Card details received: {mop === 'S' ? 'Confirm' : 'Authorise'} to hold the amount on your card.
            </Text>
          ) : (
            <WorldpayCardForm key={cardForm.key} database={cardForm.database} onToken={cardForm.onToken} />
          ))}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            leftSection={<IconArrowBack size={16} />}
            onClick={onChange}
            disabled={busy}
          >
            Change
          </Button>
          <Button
            leftSection={<IconCreditCard size={16} />}
            loading={busy}
            disabled={!!cardForm && !cardForm.token}
            onClick={onAuthorise}
          >
            {mop === 'S' ? 'Confirm' : 'Authorise'}
          </Button>
        </Group>
      </Stack>
    </Section>
  );
}
