import type { ReactNode } from 'react';
import classes from './phone-card.module.css';

/** Lines left out when empty (a building or a reference that was never given). */
const given = (lines: ReactNode[]) =>
  lines.filter((l) => l !== '' && l !== null && l !== undefined && l !== false);

interface PhoneCardProps {
  /** The row's link (its way in by keyboard), first on the top line. */
  title: ReactNode;
  /** Beside the title, at the end of the line: a status or a type badge; text is dimmed. */
  aside?: ReactNode;
  /** Lines in the list's text size. */
  lines?: ReactNode[];
  /** Smaller, dimmed lines after them. */
  details?: ReactNode[];
  /** The last line: row actions at the start, an amount at the end. */
  footer?: ReactNode;
  footerEnd?: ReactNode;
}

/**
 * A list row as a phone shows it (PagedTable's `phoneColumn`): the values of the wide table's
 * columns as lines of one cell, so a phone reads a whole row without scrolling sideways.
 */
export function PhoneCard({ title, aside, lines = [], details = [], footer, footerEnd }: PhoneCardProps) {
  return (
    <div className={classes.card}>
      <div className={classes.edge}>
        {title}
        {typeof aside === 'string' ? <span className={classes.detail}>{aside}</span> : aside}
      </div>
      {given(lines).map((line, i) => (
        <div key={`l${i}`} className={classes.value}>
          {line}
        </div>
      ))}
      {given(details).map((line, i) => (
        <div key={`d${i}`} className={classes.detail}>
          {line}
        </div>
      ))}
      {(footer || footerEnd) && (
        <div className={classes.edge}>
          {footer}
          {footerEnd && <div className={classes.value}>{footerEnd}</div>}
        </div>
      )}
    </div>
  );
}

/**
 * A value over a dimmed detail, in one table cell (town over post code, day over time). A function,
 * not a component: three a row, twenty rows, each would otherwise be a component to draw.
 */
export const twoLines = (value: string, detail: string | undefined) => (
  <div>
    <div className={classes.value}>{value}</div>
    <div className={classes.detail}>{detail}</div>
  </div>
);
