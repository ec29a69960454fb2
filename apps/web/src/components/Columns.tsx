import type { CSSProperties, ReactNode } from 'react';
import classes from './columns.module.css';

/** Mantine's breakpoints a Columns steps at, from the smallest (base: below xs). */
const BREAKPOINTS = ['base', 'xs', 'sm', 'md', 'lg'] as const;

/** Columns at and above each of Mantine's breakpoints. */
export type ColumnCounts = Partial<Record<(typeof BREAKPOINTS)[number], number>>;

/**
 * Equal columns, `cols` of them from each breakpoint up, `spacing` (a Mantine spacing: xs … xl)
 * between them both ways: what Mantine's SimpleGrid draws, from a static stylesheet. SimpleGrid
 * writes a style element per grid it draws; the booking screen drew six.
 */
export function Columns({
  cols,
  spacing,
  children,
}: {
  cols: ColumnCounts;
  spacing: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  children: ReactNode;
}) {
  // Every breakpoint's count, each taking the one below when `cols` leaves it out.
  const style: Record<string, string | number> = { '--columns-gap': `var(--mantine-spacing-${spacing})` };
  let count = 1;
  for (const at of BREAKPOINTS) style[`--cols-${at}`] = count = cols[at] ?? count;
  return (
    <div className={classes.grid} style={style as CSSProperties}>
      {children}
    </div>
  );
}
