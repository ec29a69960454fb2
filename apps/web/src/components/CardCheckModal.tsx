import { Modal, Stack, Text } from '@mantine/core';
import { MSG } from '@courier/contracts';

interface CardCheckModalProps {
  /** Our card check page (quote/payment's or docket/payment's 409 `fields.challenge`); closed when null. */
  url: string | null;
  /** The payer closed the window before the issuer answered: the payment is not completed. */
  onClose: () => void;
}

/**
 * The card issuer's 3-D Secure check (issue 11 §2, Worldpay), in a window over the payment page:
 * a frame that opens our card check page, which takes the payer to the issuer's own page; the
 * issuer answers our server, and the page that shows this window closes it when its next
 * question to the server has the booking or the failure. Closing it is giving up the check.
 */
export function CardCheckModal({ url, onClose }: CardCheckModalProps) {
  return (
    <Modal
      opened={url !== null}
      onClose={onClose}
      title="Card check"
      size="lg"
      styles={{ title: { fontWeight: 700 } }}
    >
      <Stack gap="sm">
        <Text size="sm">{MSG.cardCheckWaiting}. Follow your card issuer&apos;s steps below.</Text>
        {url && (
          <iframe
            title="Your card issuer's check"
            src={url}
            style={{ width: '100%', height: 420, border: 0 }}
          />
        )}
      </Stack>
    </Modal>
  );
}
