import { useRef, type CSSProperties, type ReactNode, type UIEvent } from 'react';
import { Loader } from '@mantine/core';
import { IconArrowUp, IconSelector } from '@tabler/icons-react';
import type { DataTableColumn, DataTableSortStatus } from 'mantine-datatable';
import classes from './phone-table.module.css';

/** How near the bottom (px) a scroll of the infinite list asks for the next rows. */
const NEAR_BOTTOM = 40;

interface PhoneTableProps<T> {
  records: T[];
  /** The one column: its title heads the table, its render draws each row's card (PhoneCard). */
  column: DataTableColumn<T>;
  idAccessor: keyof T & string;
  sortStatus: DataTableSortStatus<T>;
  /** A tap on a sortable title: the same column in the other direction, another ascending. */
  onSortStatusChange: (status: DataTableSortStatus<T>) => void;
  onRowClick: (record: T) => void;
  fetching: boolean;
  noRecordsText: string;
  /** Infinite mode: the table scrolls within this height (px), and a scroll to its end loads more. */
  height?: number;
  onScrollToBottom?: () => void;
  /** Cell padding left and right (px); Mantine's 'xs' (10 px) unless given. */
  horizontalSpacing?: number;
}

/** The title's sort mark: an arrow up or down on the sorted column, a selector on another. */
function SortMark({ direction }: { direction: 'asc' | 'desc' | undefined }) {
  if (!direction) return <IconSelector size={14} aria-hidden className={classes.mark} />;
  return (
    <IconArrowUp
      size={14}
      aria-hidden
      className={direction === 'desc' ? `${classes.mark} ${classes.down}` : classes.mark}
    />
  );
}

/**
 * A list on a phone (PagedTable with a `phoneColumn`): one column of cards, as the wide table's
 * rows (spec "bookings…" §2 lists), drawn as a plain table. The wide table (mantine-datatable) drew
 * about 15 components a row around each card, and a phone's first load spent most of its time on
 * them. Same look and behaviour: bordered, striped, a tap on a row opens it, its title sorts
 * (`aria-sort`), a loader over the rows in view while they load, `noRecordsText` when there are
 * none, and in infinite mode a scroll that reaches the end asks for more (once each time it gets
 * there, as mantine-datatable's onScrollToBottom).
 */
export function PhoneTable<T>({
  records,
  column,
  idAccessor,
  sortStatus,
  onSortStatusChange,
  onRowClick,
  fetching,
  noRecordsText,
  height,
  onScrollToBottom,
  horizontalSpacing,
}: PhoneTableProps<T>) {
  const sorted = sortStatus.columnAccessor === column.accessor ? sortStatus.direction : undefined;
  const title: ReactNode = column.title ?? String(column.accessor);
  const sort = () =>
    onSortStatusChange({
      columnAccessor: column.accessor,
      direction: sorted === 'asc' ? 'desc' : 'asc',
    });
  // Whether the last scroll left the list at its end: arriving there asks for more, staying does not.
  const atBottom = useRef(false);
  const scrolled = (event: UIEvent<HTMLDivElement>) => {
    const box = event.currentTarget;
    const bottom = box.scrollTop + box.clientHeight >= box.scrollHeight - NEAR_BOTTOM;
    if (bottom && !atBottom.current) onScrollToBottom?.();
    atBottom.current = bottom;
  };
  const empty = !records.length;
  return (
    <div
      className={classes.root}
      style={
        horizontalSpacing === undefined
          ? undefined
          : ({ '--phone-table-px': `${horizontalSpacing}px` } as CSSProperties)
      }
      data-empty={empty || undefined}
    >
      {/* Scrolls in infinite mode; the loader stays over the part in view, outside it. */}
      <div className={classes.scroll} style={{ height }} onScroll={height ? scrolled : undefined}>
        <table className={classes.table}>
          <thead>
            <tr>
              <th
                aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                className={classes.head}
              >
                {column.sortable ? (
                  <button type="button" className={`${classes.sort} mantine-focus-auto`} onClick={sort}>
                    {title}
                    <SortMark direction={sorted} />
                  </button>
                ) : (
                  title
                )}
              </th>
            </tr>
          </thead>
          <tbody>
            {records.map((record, index) => (
              <tr key={String(record[idAccessor])} className={classes.row} onClick={() => onRowClick(record)}>
                <td className={classes.cell}>
                  {column.render ? column.render(record, index) : String(record[column.accessor as keyof T])}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {empty && !fetching && <p className={classes.empty}>{noRecordsText}</p>}
      </div>
      {fetching && (
        <div className={classes.loading}>
          <Loader size="md" />
        </div>
      )}
    </div>
  );
}
