import { Image, SimpleGrid, Stack, Text } from '@mantine/core';
import type { PublicSignatureRow } from '@courier/contracts';
import { formatDateTime } from '../../../lib/format';
import { Section } from './Section';

/** 'Signatures' (spec "bookings…" §2): each proof of delivery's image, who signed and when. */
export function Signatures({ signatures }: { signatures: PublicSignatureRow[] }) {
  return (
    <Section title="Signatures">
      {signatures.length === 0 ? (
        <Text c="dimmed">No signatures yet.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {signatures.map((s) => (
            <Stack key={s.dsig_id} gap={4} component="figure" m={0}>
              <Image
                src={s.url}
                alt={`Signature of ${s.dsig_signed_by}`}
                fit="contain"
                h={140}
                bg="white"
                radius="sm"
                style={{ border: '1px solid var(--mantine-color-default-border)' }}
              />
              <Text component="figcaption" size="sm">
                Signed by {s.dsig_signed_by}, {formatDateTime(s.dsig_time)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      )}
    </Section>
  );
}
