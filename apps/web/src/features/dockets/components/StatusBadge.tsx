import { Badge } from '@mantine/core';
import type { ListRow } from '@courier/contracts';

/** The status in the status's own colours (spec "access…" §3 Docket status: color, font_color). */
export const StatusBadge = ({ row }: { row: ListRow }) => (
  <Badge
    radius="sm"
    variant="filled"
    tt="none"
    fw={600}
    style={{ backgroundColor: row.dsts_color, color: row.dsts_font_color }}
    styles={{ root: { maxWidth: 'none' }, label: { overflow: 'visible' } }}
  >
    {row.dsts_description}
  </Badge>
);
