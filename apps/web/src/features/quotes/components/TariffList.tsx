import { Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { QuoteTariff } from '@courier/contracts';
import { formatMiles, formatMoney } from '../../../lib/format';
import { formatMinutes } from '../quote-wizard';
import { VehicleImage } from './VehicleImage';

interface TariffListProps {
  tariffs: QuoteTariff[];
  chosen: number | null;
  /** The currency symbol of the settings (payment.currencySymbol). */
  symbol: string;
  /** The tariff being chosen (its call under way), or null: it reads as chosen, the others wait. */
  choosing: number | null;
  onChoose: (tariff: number) => void;
}

/**
 * 'Your Quote' (spec "bookings…" §2 page 2): each tariff the server priced, with its vehicle image
 * by tariff id (§9), its total and how the price is made (base, distance × rate, extra parcels,
 * VAT, total and the card hold), pounds. The chosen one is pressed; while a choice is under way
 * that one is, and stays enabled (a disabled button would drop the keyboard's focus to the page).
 */
export function TariffList({ tariffs, chosen, symbol, choosing, onChoose }: TariffListProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {tariffs.map((t) => {
        const selected = t.ttyp_tariff === (choosing ?? chosen);
        const id = `tariff-${t.ttyp_tariff}`;
        return (
          <Paper
            key={t.ttyp_tariff}
            withBorder
            shadow="xs"
            p="md"
            role="group"
            aria-labelledby={id}
            style={
              selected ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined
            }
          >
            <Stack gap="sm" h="100%" justify="space-between">
              <Group gap="sm" wrap="nowrap" align="center" c="var(--mantine-primary-color-filled)">
                <VehicleImage tariff={t.ttyp_tariff} />
                <Stack gap={0}>
                  <Title order={2} fz="md" id={id} c="var(--mantine-color-text)">
                    {t.ttyp_description}
                  </Title>
                  <Text fz="xl" fw={700} c="var(--mantine-color-text)">
                    {formatMoney(t.total, symbol)}
                  </Text>
                </Stack>
              </Group>
              <Text size="sm" c="dimmed">
                {formatMiles(t.distance)}, about {formatMinutes(t.time)}
              </Text>
              <Table withRowBorders={false} verticalSpacing={2} fz="sm" captionSide="top">
                <Table.Caption>How the price is made</Table.Caption>
                <Table.Tbody>
                  {t.lines.map((line) => (
                    <Table.Tr
                      key={line.kind}
                      fw={line.kind === 'total' || line.kind === 'hold' ? 600 : undefined}
                    >
                      <Table.Th scope="row" fw="inherit" px={0}>
                        {line.label}
                      </Table.Th>
                      <Table.Td ta="right" px={0} style={{ whiteSpace: 'nowrap' }}>
                        {formatMoney(line.amount, symbol)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Button
                variant={selected ? 'filled' : 'light'}
                aria-pressed={selected}
                leftSection={selected ? <IconCheck size={16} aria-hidden="true" /> : undefined}
                disabled={choosing !== null && !selected}
                onClick={() => onChoose(t.ttyp_tariff)}
              >
                Choose<VisuallyHidden> {t.ttyp_description}</VisuallyHidden>
              </Button>
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
