import type { Ref } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowBack, IconCalculator, IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import type { PriceResponse } from '@courier/contracts';
import { Section } from '../../../components/Section';
import { QuoteSummary } from './QuoteSummary';

interface EditActionsProps {
  /** With the summary right the booking is quoted first ('Quote'), else saved at once ('Confirm'). */
  summary: boolean;
  showPrice: boolean;
  busy: boolean;
  onSubmit: () => void;
  onReset: () => void;
  /** Quote (or Confirm): focus comes back to it from the confirm step's Change. */
  submitRef?: Ref<HTMLButtonElement>;
}

/** The editing step's actions (spec "bookings…" §4): Quote (or Confirm without the summary right) and Reset. */
export function EditActions({ summary, showPrice, busy, onSubmit, onReset, submitRef }: EditActionsProps) {
  const hint = !summary
    ? 'Press Confirm to book.'
    : showPrice
      ? 'Press Quote for the price; you confirm the booking on the next step.'
      : 'Press Quote to check your booking; you confirm it on the next step.';
  return (
    <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'lg' }} h="100%">
      <Stack justify="space-between" h="100%" gap="md">
        <Text c="dimmed" size="sm">
          {hint}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={onReset}>
            Reset
          </Button>
          <Button
            ref={submitRef}
            leftSection={summary ? <IconCalculator size={16} /> : <IconCheck size={16} />}
            loading={busy}
            onClick={onSubmit}
          >
            {summary ? 'Quote' : 'Confirm'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

interface ConfirmStepProps {
  /** The price (price right), or null. */
  quote: PriceResponse | null;
  /** Card payers (cust_mop O or S) are told their card is asked for next. */
  cardPayer: boolean;
  busy: boolean;
  onChange: () => void;
  onConfirm: () => void;
  onSaveAndReuse: () => void;
  /** The section's title: focus moves there when Quote opens this step. */
  titleRef?: Ref<HTMLHeadingElement>;
}

/**
 * 'Confirm' (spec "bookings…" §2, §4): the price when the user may see it, then Change (back to
 * editing), Re-use (save and reuse), Confirm. A card payer's Confirm and Re-use go on to card
 * capture (spec §4), and the step says so.
 */
export function ConfirmStep({
  quote,
  cardPayer,
  busy,
  onChange,
  onConfirm,
  onSaveAndReuse,
  titleRef,
}: ConfirmStepProps) {
  return (
    <Section title="Confirm" titleRef={titleRef}>
      <Stack gap="md">
        {quote ? (
          <QuoteSummary quote={quote} />
        ) : (
          <Text size="sm">Please check your booking, then confirm it.</Text>
        )}
        {cardPayer && (
          <Text size="sm">This account pays by card: you authorise the payment on the next step.</Text>
        )}
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
            variant="light"
            leftSection={<IconCopy size={16} />}
            loading={busy}
            onClick={onSaveAndReuse}
          >
            Re-use
          </Button>
          <Button leftSection={<IconCheck size={16} />} loading={busy} onClick={onConfirm}>
            Confirm
          </Button>
        </Group>
      </Stack>
    </Section>
  );
}
