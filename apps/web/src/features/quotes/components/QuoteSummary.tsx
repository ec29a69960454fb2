import { Group, Stack, Text } from '@mantine/core';
import type { QuoteView } from '@courier/contracts';
import { Section } from '../../../components/Section';
import { formatMoney } from '../../../lib/format';
import { VehicleImage } from './VehicleImage';

/** The address parts of a quote address as one line. */
const addressLine = (a: QuoteView['addresses'][number]) =>
  [a.dadd_companyname, a.dadd_build, a.dadd_street, a.dadd_town, a.dadd_postalcode]
    .filter(Boolean)
    .join(', ');

/**
 * What is being paid for (pages 5 and 6): the chosen tariff with its vehicle, the addresses, the
 * total and the card hold to authorise (pounds; authorise only, spec "access…" §9).
 */
export function QuoteSummary({ view, symbol }: { view: QuoteView; symbol: string }) {
  const tariff = view.tariffs.find((t) => t.ttyp_tariff === view.ttyp_tariff);
  return (
    <Section title="Your booking">
      <Stack gap="xs">
        {tariff && (
          <Group gap="sm" c="var(--mantine-primary-color-filled)">
            <VehicleImage tariff={tariff.ttyp_tariff} size={72} />
            <Text fw={600} c="var(--mantine-color-text)">
              {tariff.ttyp_description}
            </Text>
          </Group>
        )}
        {view.addresses.map((a, i) => (
          <Text key={i} size="sm">
            <Text span fw={600}>
              {a.dadd_addresstype === 0 ? 'Collect from: ' : 'Deliver to: '}
            </Text>
            {addressLine(a)}
          </Text>
        ))}
        {view.dck_contact && (
          <Text size="sm">
            <Text span fw={600}>
              Contact:{' '}
            </Text>
            {view.dck_contact}, {view.dck_telephone}, {view.dck_email}
          </Text>
        )}
        {tariff && (
          <>
            <Text size="sm">
              <Text span fw={600}>
                Total:{' '}
              </Text>
              {formatMoney(tariff.total, symbol)}
            </Text>
            <Text size="sm">
              <Text span fw={600}>
                Amount to authorise:{' '}
              </Text>
              {formatMoney(tariff.hold, symbol)}
            </Text>
          </>
        )}
      </Stack>
    </Section>
  );
}
