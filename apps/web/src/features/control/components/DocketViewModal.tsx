import { Badge, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { CONTROL_MSG, type CircuitColumn, type CircuitDocketRow } from '@courier/contracts';
import { formatControlDate } from '../../../lib/format';
import { cellText } from './board-cells';

interface DocketViewModalProps {
  row: CircuitDocketRow;
  columns: readonly CircuitColumn[];
  onClose: () => void;
}

/**
 * A docket of a circuit without updates, opened read-only (spec "access…" §4: clicking a docket
 * opens it instead): the circuit's columns and the status, in the booking screen's 'BOOKING {number}'.
 */
export function DocketViewModal({ row, columns, onClose }: DocketViewModalProps) {
  return (
    <Modal opened onClose={onClose} title={`BOOKING ${row.dck_docket}`} size="lg" centered>
      <Stack gap="md">
        <Group gap="sm">
          <Badge
            radius="sm"
            tt="none"
            size="lg"
            style={{ backgroundColor: row.dsts_color, color: row.dsts_font_color }}
          >
            {row.dsts_description}
          </Badge>
          {row.due && (
            <Text size="sm" c={row.countdown ? 'red.8' : undefined} fw={row.countdown ? 600 : undefined}>
              Due {formatControlDate(row.due)}
            </Text>
          )}
        </Group>
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs" m={0}>
          {columns.map((c) => (
            <div key={c.field}>
              <Text component="dt" size="xs" c="dimmed">
                {c.name}
              </Text>
              <Text component="dd" size="sm" m={0}>
                {cellText(row, c) || '–'}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {CONTROL_MSG.readOnlyCircuit}
        </Text>
      </Stack>
    </Modal>
  );
}
