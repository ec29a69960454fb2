import { Badge, Group } from '@mantine/core';
import type { CircuitDocketListResponse, DocketStatusRow } from '@courier/contracts';

interface StatusCountsProps {
  counts: CircuitDocketListResponse['counts'];
  statuses: readonly DocketStatusRow[];
}

/** The circuit's dockets per status, in the status colours, in the statuses' order. */
export function StatusCounts({ counts, statuses }: StatusCountsProps) {
  if (!counts?.length) return null;
  const shown = statuses
    .map((s) => ({ status: s, n: counts.find((c) => c.dck_status === s.dsts_id)?.n ?? 0 }))
    .filter((c) => c.n > 0);
  const total = shown.reduce((sum, c) => sum + c.n, 0);
  return (
    <Group
      component="ul"
      gap={6}
      aria-label={`Dockets per status, ${total} in all`}
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {shown.map(({ status, n }) => (
        <Badge
          key={status.dsts_id}
          component="li"
          radius="sm"
          size="lg"
          tt="none"
          fw={600}
          style={{
            backgroundColor: status.dsts_color,
            color: status.dsts_font_color,
            border: `1px solid ${status.dsts_font_color}33`,
          }}
        >
          {`${status.dsts_description} ${n}`}
        </Badge>
      ))}
    </Group>
  );
}
