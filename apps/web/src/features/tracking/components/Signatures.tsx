import { Box, SimpleGrid, Stack, Text } from '@mantine/core';
import type { PublicPhotoRow, PublicSignatureRow } from '@courier/contracts';
import { formatDateTime } from '../../../lib/format';
import { Section } from './Section';

/** One image of proof of delivery with its caption. */
function Proof({ src, alt, caption }: { src: string; alt: string; caption: string }) {
  return (
    <Stack gap={4} component="figure" m={0}>
      {/* A plain img (not Mantine's Image): the lists' row modals load these sections too. */}
      <Box
        component="img"
        src={src}
        alt={alt}
        h={140}
        w="100%"
        bg="white"
        style={{
          objectFit: 'contain',
          borderRadius: 'var(--mantine-radius-sm)',
          border: '1px solid var(--mantine-color-default-border)',
        }}
      />
      <Text component="figcaption" size="sm">
        {caption}
      </Text>
    </Stack>
  );
}

/**
 * 'Signatures' (spec "bookings…" §2): each proof of delivery's image, who signed and when, and the
 * delivery photos taken with it.
 */
export function Signatures({
  signatures,
  photos = [],
}: {
  signatures: PublicSignatureRow[];
  photos?: PublicPhotoRow[];
}) {
  return (
    <Section title="Signatures">
      {signatures.length === 0 && photos.length === 0 ? (
        <Text c="dimmed">No signatures yet.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {signatures.map((s) => (
            <Proof
              key={`s${s.dsig_id}`}
              src={s.url}
              alt={`Signature of ${s.dsig_signed_by}`}
              caption={`Signed by ${s.dsig_signed_by}, ${formatDateTime(s.dsig_time)}`}
            />
          ))}
          {photos.map((p) => (
            <Proof
              key={`p${p.dpho_id}`}
              src={p.url}
              alt={`Delivery photo, ${formatDateTime(p.dpho_time)}`}
              caption={`Delivery photo, ${formatDateTime(p.dpho_time)}`}
            />
          ))}
        </SimpleGrid>
      )}
    </Section>
  );
}
