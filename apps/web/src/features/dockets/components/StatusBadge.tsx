import { Badge } from '@mantine/core';
import type { ListRow } from '@courier/contracts';

/**
 * The status in the status's own colours (spec "access…" §3 Docket status: color, font_color). On
 * one line where the table has room; where it has not, a long one ('Web booking received') takes
 * two lines (7rem at least) rather than widening the Status column, so a 1366 px screen shows the
 * whole booking list beside the pinned row actions.
 */
export const StatusBadge = ({ row }: { row: ListRow }) => (
  <Badge
    radius="sm"
    variant="filled"
    tt="none"
    fw={600}
    style={{ backgroundColor: row.dsts_color, color: row.dsts_font_color }}
    styles={{
      root: { minWidth: '7rem', maxWidth: 'none', height: 'auto', paddingBlock: 2 },
      label: { overflow: 'visible', whiteSpace: 'normal', lineHeight: 1.35 },
    }}
  >
    {row.dsts_description}
  </Badge>
);
