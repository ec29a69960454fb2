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
 * 3 s a checkout window a script opened closes itself. The tab the payer came back in (the
 * wizard sends the payer to the provider's page in the same tab) goes on to the quote wizard's
 * page 7, which books the payment and shows the reference.
 */
export default function PaymentSuccessPage() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => {
      // Only a window a script opened (the checkout in a window of its own) may close itself;
      // asking any other to close can close the payer's only tab where a browser allows it.
      if (window.opener) return window.close();
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
