import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { PageTitle } from '../../../components/PageTitle';
import { storedCheckout } from '../checkout-session';
import { PAGE, wizardPath } from '../quote-wizard';

/** The success screen closes itself after this long (spec "access…" §9). */
export const SUCCESS_CLOSE_MS = 3_000;

/**
 * /success (spec "access…" §2 Payment result screens): 'Payment successfully completed'; after
 * 3 s the window closes itself. A tab the payer came in by (not opened by a script, so the browser
 * keeps it open) goes on to the quote wizard's page 7, which books the payment and shows the reference.
 */
export default function PaymentSuccessPage() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => {
      window.close();
      const stored = storedCheckout.get();
      void navigate(stored ? wizardPath(PAGE.hosted, stored.guid) : '/docket/quote', { replace: true });
    }, SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <Stack maw={720}>
      <PageTitle>Payment successfully completed</PageTitle>
      <Paper withBorder shadow="xs" p="lg">
        <Group gap="sm" wrap="nowrap">
          <IconCircleCheck size={40} color="var(--mantine-color-green-8)" aria-hidden="true" />
          <Text>Your card payment is authorised.</Text>
        </Group>
      </Paper>
    </Stack>
  );
}
