import { useRef } from 'react';
import { Stack } from '@mantine/core';
import { LoadDataAlert } from './LoadDataAlert';
import { Pager } from './Pager';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import type { PagedList } from '../lib/use-paged-list';

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
  /** Cell padding left and right (px); Mantine's 'xs' (10 px) unless a wide table needs less. */
  horizontalSpacing?: number;
  /** The title of a failed load's alert ('Load Data' unless the screen names its own). */
  errorTitle?: string;
}

/**
 * A server-sorted, server-paged table (spec "bookings…" §2 lists, "access…" §2 Address list): 20 rows
 * with 'Page N', Previous and Next (shown once the first page is there), or 50 at a time as the
 * table scrolls. A failed load shows 'Load Data' with the server's message (spec "bookings…" §8).
 */
export function PagedTable<T>({
  list,
  infinite,
  onRowClick,
  onSortStatusChange,
  errorTitle,
  ...table
}: PagedTableProps<T>) {
  const top = useRef<HTMLDivElement>(null);
  if (list.error) return <LoadDataAlert error={list.error} title={errorTitle} />;
  const sortBy = (next: DataTableSortStatus<T>) => onSortStatusChange(nextSort(table.sortStatus, next));
  return (
    <Stack gap="sm" ref={top}>
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
        {...table}
      />
      {/* Not while the first page loads: it would be pushed down when the rows come (a layout shift). */}
      {!infinite && !(list.fetching && !list.rows.length) && (
        <Pager page={list.page} hasMore={list.hasMore} busy={list.fetching} onPage={list.goTo} anchor={top} />
      )}
    </Stack>
  );
}
