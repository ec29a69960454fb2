import { Group, Stack, Text } from '@mantine/core';
import type { PriceResponse } from '@courier/contracts';
import { formatMiles, formatMoney } from '../../../lib/format';

/** The quoted price (spec "bookings…" §3 Pricing: total and netvat), pounds with two decimals. */
export function QuoteSummary({ quote }: { quote: PriceResponse }) {
  return (
    <Stack gap={2} aria-live="polite">
      <Text fz={26} fw={700} lh={1.2}>
        {`Total ${formatMoney(quote.total)}`}
      </Text>
      <Group gap="md">
        <Text size="sm" c="dimmed">{`VAT ${formatMoney(quote.netvat)}`}</Text>
        <Text size="sm" c="dimmed">{`Distance ${formatMiles(quote.distance)}`}</Text>
      </Group>
    </Stack>
  );
}
