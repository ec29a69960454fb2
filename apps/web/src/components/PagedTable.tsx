import { useRef } from 'react';
import { Stack } from '@mantine/core';
import { useScreenMatches } from '../hooks/use-screen-matches';
import { LoadDataAlert } from './LoadDataAlert';
import { Pager } from './Pager';
import { PhoneTable } from './PhoneTable';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import type { PagedList } from '../lib/use-paged-list';

/** Below a tablet's width a list with a phone column shows each row as one card. */
const PHONE = '(max-width: 47.99em)';

/** Height of the scrolling table in infinite mode: the scroll to its bottom loads the next 50. */
const INFINITE_HEIGHT = 560;

/**
 * The sort after a header click: the same column flips its direction; another column starts
 * ascending (the table would otherwise carry the old direction over).
 */
export function nextSort<T>(
  current: DataTableSortStatus<T>,
  next: DataTableSortStatus<T>,
): DataTableSortStatus<T> {
  return next.columnAccessor === current.columnAccessor ? next : { ...next, direction: 'asc' };
}

interface PagedTableProps<T> {
  list: PagedList<T>;
  infinite: boolean;
  columns: DataTableColumn<T>[];
  idAccessor: keyof T & string;
  sortStatus: DataTableSortStatus<T>;
  onSortStatusChange: (status: DataTableSortStatus<T>) => void;
  onRowClick: (record: T) => void;
  noRecordsText: string;
  /** Keeps the last column (row actions) in view when the table scrolls sideways. */
  pinLastColumn?: boolean;
  /**
   * On a phone, the one column shown instead of `columns`: each row as a card (PhoneCard) of
   * their values, so nothing scrolls sideways. Its accessor is the sort a header click sets.
   */
  phoneColumn?: DataTableColumn<T>;
  /** Cell padding left and right (px); Mantine's 'xs' (10 px) unless a wide table needs less. */
  horizontalSpacing?: number;
  /** The title of a failed load's alert ('Load Data' unless the screen names its own). */
  errorTitle?: string;
}

/**
 * A server-sorted, server-paged table (spec "bookings…" §2 lists, "access…" §2 Address list): 20 rows
 * with 'Page N', Previous and Next (shown once the first page is there), or 50 at a time as the
 * table scrolls; on a phone, one card a row (PhoneTable) when the list gives a `phoneColumn`. A failed load
 * shows 'Load Data' with the server's message (spec "bookings…" §8).
 */
export function PagedTable<T>({
  list,
  infinite,
  onRowClick,
  onSortStatusChange,
  errorTitle,
  phoneColumn,
  columns,
  pinLastColumn,
  ...table
}: PagedTableProps<T>) {
  const top = useRef<HTMLDivElement>(null);
  // Read at the first render (as the app's frame is): a table drawn and then redrawn as cards
  // would double a phone's first work and shift the page.
  const phone = useScreenMatches(PHONE) && !!phoneColumn;
  if (list.error) return <LoadDataAlert error={list.error} title={errorTitle} />;
  const sortBy = (next: DataTableSortStatus<T>) => onSortStatusChange(nextSort(table.sortStatus, next));
  return (
    <Stack gap="sm" ref={top}>
      {phone ? (
        <PhoneTable<T>
          records={list.rows}
          column={phoneColumn!}
          idAccessor={table.idAccessor}
          sortStatus={table.sortStatus}
          onSortStatusChange={sortBy}
          onRowClick={onRowClick}
          fetching={list.fetching}
          noRecordsText={table.noRecordsText}
          height={infinite ? INFINITE_HEIGHT : undefined}
          onScrollToBottom={infinite ? list.loadMore : undefined}
          horizontalSpacing={table.horizontalSpacing}
        />
      ) : (
        <DataTable<T>
          withTableBorder
          borderRadius="md"
          highlightOnHover
          striped
          records={list.rows}
          fetching={list.fetching}
          minHeight={list.rows.length ? undefined : 220}
          height={infinite ? INFINITE_HEIGHT : undefined}
          onScrollToBottom={infinite ? list.loadMore : undefined}
          onRowClick={({ record }) => onRowClick(record)}
          onSortStatusChange={sortBy}
          columns={columns}
          pinLastColumn={pinLastColumn}
          {...table}
        />
      )}
      {/* Not while the first page loads: it would be pushed down when the rows come (a layout shift). */}
      {!infinite && !(list.fetching && !list.rows.length) && (
        <Pager page={list.page} hasMore={list.hasMore} busy={list.fetching} onPage={list.goTo} anchor={top} />
      )}
    </Stack>
  );
}
