import type { ListRow } from '@courier/contracts';
import classes from './docket-table.module.css';

/**
 * The status in the status's own colours (spec "access…" §3 Docket status: color, font_color), as
 * Mantine's filled Badge (radius sm, weight 600, not upper case) drawn as one plain element: a list
 * shows one a row. On one line where the table has room; where it has not, a long one ('Web booking
 * received') takes two lines (7rem at least) rather than widening the Status column, so a 1366 px
 * screen shows the whole booking list beside the pinned row actions.
 */
export const StatusBadge = ({ row }: { row: ListRow }) => (
  <span className={classes.status} style={{ backgroundColor: row.dsts_color, color: row.dsts_font_color }}>
    {row.dsts_description}
  </span>
);
