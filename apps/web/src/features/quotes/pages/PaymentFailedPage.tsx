import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { PageTitle } from '../../../components/PageTitle';
import { ApiError } from '../../../lib/api-client';
import { storedCheckout } from '../checkout-session';
import { postQuotePayment } from '../api/quote-payment';
import { PAGE, wizardPath } from '../quote-wizard';

/** The error screen's text when no payment error can be read (spec "access…" §2, word for word). */
export const FAILED_DEFAULT =
  'Something went wrong please close current tab and restart checkout process on main tab';

/**
 * The last payment error of the stored checkout session, as the provider gave it (read by our
 * server, never with a provider key in the browser): quote/payment answers a declined payment with
 * the provider's message in `fields.reference`. Undefined when there is none to read.
 */
async function lastPaymentError(): Promise<string | undefined> {
  const stored = storedCheckout.get();
  if (!stored) return undefined;
  try {
    await postQuotePayment(stored);
    return undefined;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 422) return undefined;
    return error.fields?.reference ?? error.message;
  }
}

/**
 * /failed (spec "access…" §2 Payment result screens): heading 'AN ERROR OCCURRED' with the last
 * payment error of the stored checkout session, or the spec's default text. Back returns to the
 * quote wizard, which answers 'Payment Unsuccessful' and shows the capture page again.
 */
export default function PaymentFailedPage() {
  const navigate = useNavigate();
  const [message, setMessage] = useState<string | null>(null);
  const stored = storedCheckout.get();
  useEffect(() => {
    let live = true;
    void lastPaymentError().then((m) => live && setMessage(m ?? FAILED_DEFAULT));
    return () => {
      live = false;
    };
  }, []);
  return (
    <Stack maw={720}>
      <PageTitle>AN ERROR OCCURRED</PageTitle>
      {message === null ? (
        <Loader aria-label="Reading the payment error" />
      ) : (
        <Alert color="red" icon={<IconAlertTriangle size={18} />}>
          <Text>{message}</Text>
        </Alert>
      )}
      {stored && (
        <Group>
          <Button onClick={() => void navigate(wizardPath(PAGE.hosted, stored.guid), { replace: true })}>
            Back
          </Button>
        </Group>
      )}
    </Stack>
  );
}
