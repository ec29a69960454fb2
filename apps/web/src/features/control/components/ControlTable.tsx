import type { KeyboardEvent } from 'react';
import { Group, Text } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import type { CircuitColumn, CircuitDocketRow } from '@courier/contracts';
import { formatControlDate } from '../../../lib/format';
import { cellText } from './board-cells';
import classes from './control-board.module.css';

interface ControlTableProps {
  columns: readonly CircuitColumn[];
  rows: CircuitDocketRow[];
  fetching: boolean;
  sort: DataTableSortStatus<CircuitDocketRow>;
  onSort: (sort: DataTableSortStatus<CircuitDocketRow>) => void;
  /** Rows may be selected for one change to all (circuits with updates only). */
  selectable: boolean;
  selected: CircuitDocketRow[];
  onSelected: (rows: CircuitDocketRow[]) => void;
  onOpen: (row: CircuitDocketRow) => void;
}

/** The countdown mark beside the first column: the deadline, in words for assistive tech. */
const Due = ({ row }: { row: CircuitDocketRow }) =>
  row.countdown && row.due ? (
    <IconClockExclamation
      size={16}
      aria-label={`Due ${formatControlDate(row.due)}`}
      role="img"
      style={{ flex: 'none' }}
    />
  ) : null;

/** The circuit's columns (cir_selectfields), sortable on the server. */
function tableColumns(columns: readonly CircuitColumn[]): DataTableColumn<CircuitDocketRow>[] {
  return columns.map((c, i) => ({
    accessor: c.field,
    title: c.name,
    sortable: true,
    noWrap: c.kind !== 'text',
    textAlign: c.kind === 'number' ? 'right' : 'left',
    render: (row) =>
      i === 0 ? (
        <Group gap={6} wrap="nowrap" justify={c.kind === 'number' ? 'flex-end' : 'flex-start'}>
          <Due row={row} />
          <Text span size="sm" fw={700} inherit>
            {cellText(row, c)}
          </Text>
        </Group>
      ) : (
        cellText(row, c)
      ),
  }));
}

/** Enter or Space on a focused row opens it, as a click does. */
const openOnKey = (row: CircuitDocketRow, onOpen: (row: CircuitDocketRow) => void) => (e: KeyboardEvent) => {
  if (e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ')) return;
  e.preventDefault();
  onOpen(row);
};

/**
 * The board (spec "access…" §2 Control screen): the circuit's columns, each row in its status
 * colours (dsts_color, dsts_font_color), a docket with the countdown flag blinking. Every row is a
 * tab stop that opens with Enter or Space; with updates, rows can be checked for a change to all.
 */
export function ControlTable({
  columns,
  rows,
  fetching,
  sort,
  onSort,
  selectable,
  selected,
  onSelected,
  onOpen,
}: ControlTableProps) {
  const selection = selectable
    ? {
        selectedRecords: selected,
        onSelectedRecordsChange: onSelected,
        getRecordSelectionCheckboxProps: (row: CircuitDocketRow) => ({
          'aria-label': `Select docket ${row.dck_docket}`,
        }),
        allRecordsSelectionCheckboxProps: { 'aria-label': 'Select all dockets shown' },
      }
    : {};
  return (
    <DataTable<CircuitDocketRow>
      withTableBorder
      withColumnBorders
      // 6 px a side (Mantine's xs is 10): the demo's 'All live jobs' columns fit beside the menu at
      // 1280 px; the column borders keep the cells apart.
      horizontalSpacing={6}
      borderRadius="md"
      minHeight={rows.length ? undefined : 200}
      records={rows}
      idAccessor="dck_id"
      fetching={fetching}
      columns={tableColumns(columns)}
      sortStatus={sort}
      onSortStatusChange={(next) =>
        onSort(next.columnAccessor === sort.columnAccessor ? next : { ...next, direction: 'asc' })
      }
      noRecordsText="No dockets"
      rowBackgroundColor={(row) => row.dsts_color}
      rowColor={(row) => row.dsts_font_color}
      rowClassName={(row) => (row.countdown ? `${classes.row} ${classes.countdown}` : classes.row)}
      onRowClick={({ record }) => onOpen(record)}
      customRowAttributes={(row) => ({
        tabIndex: 0,
        'data-docket': row.dck_docket,
        onKeyDown: openOnKey(row, onOpen),
      })}
      {...selection}
    />
  );
}
