import { useEffect, useState, type KeyboardEvent } from 'react';
import { createScopedKeydownHandler, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { LoadDataAlert } from './LoadDataAlert';
import { LoadingBlock } from './LoadingBlock';
import type { DataTable as DataTableComponent, DataTableColumn } from 'mantine-datatable';

type TableComponent = typeof DataTableComponent;
let loadedTable: TableComponent | undefined;
let loadingTable: Promise<TableComponent> | undefined;

/** mantine-datatable, imported once; a failed import is tried again next time. */
const loadTable = (): Promise<TableComponent> =>
  (loadingTable ??= import('mantine-datatable').then(
    (m) => (loadedTable = m.DataTable),
    (error: unknown) => {
      loadingTable = undefined;
      throw error;
    },
  ));

/**
 * The table component of a pick list, imported after the screen that offers one is drawn (issue 15
 * §1: the booking form's first load leaves the table out), so it is there by the time the list is
 * opened; undefined until then. A screen opened later takes it at once, already loaded.
 */
function useTableComponent(): TableComponent | undefined {
  const [table, setTable] = useState(() => loadedTable);
  useEffect(() => {
    if (table) return;
    let mounted = true;
    loadTable().then(
      (loaded) => mounted && setTable(() => loaded),
      () => undefined, // offline: the list shows its loader; the next pick list tries again
    );
    return () => {
      mounted = false;
    };
  }, [table]);
  return table;
}

interface PickListModalProps<T> {
  title: string;
  opened: boolean;
  onClose: () => void;
  records: T[];
  columns: DataTableColumn<T>[];
  idAccessor: (record: T) => string | number;
  onChoose: (record: T) => void;
  fetching?: boolean;
  /** A failed load: 'Load Data' with the server's message (spec "bookings…" §8). */
  error?: Error | null;
  intro?: string;
  /** The text a record is found by with the filter box; no box without it. */
  searchText?: (record: T) => string;
}

/** Up, Down, Home and End move focus between the rows (Mantine's keyboard handler of Tabs). */
const moveBetweenRows = createScopedKeydownHandler({
  parentSelector: 'tbody',
  siblingSelector: 'tr[data-pick-row]',
  orientation: 'vertical',
  loop: false,
});

/**
 * A modal that lists records to pick one from (the address list, customer contacts and customer
 * address list modals of spec "bookings…" §2): a click on a row chooses it. Full screen on phones.
 * By keyboard the rows are one tab stop: the arrows move between them, Enter or Space chooses. The
 * first row takes focus when the modal opens, unless there is a search box to type in first.
 */
export function PickListModal<T>({
  title,
  opened,
  onClose,
  records,
  columns,
  idAccessor,
  onChoose,
  fetching,
  error,
  intro,
  searchText,
}: PickListModalProps<T>) {
  const compact = useMediaQuery('(max-width: 48em)') ?? false;
  const DataTable = useTableComponent();
  const [filter, setFilter] = useState('');
  // The row that is the list's tab stop: the last one focused.
  const [current, setCurrent] = useState(0);
  const needle = filter.trim().toLowerCase();
  const shown =
    searchText && needle ? records.filter((r) => searchText(r).toLowerCase().includes(needle)) : records;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="xl"
      fullScreen={compact}
      styles={{ title: { fontWeight: 700 } }}
    >
      <Stack gap="sm">
        {intro && (
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
        )}
        {searchText && (
          <TextInput
            placeholder="Search..."
            aria-label={`Search ${title}`}
            leftSection={<IconSearch size={16} />}
            value={filter}
            onChange={(e) => setFilter(e.currentTarget.value)}
            data-autofocus
          />
        )}
        {error ? (
          <LoadDataAlert error={error} />
        ) : !DataTable ? (
          <LoadingBlock error={null} />
        ) : (
          <DataTable<T>
            withTableBorder
            borderRadius="md"
            highlightOnHover
            striped
            maxHeight="60vh"
            minHeight={shown.length ? undefined : 160}
            records={shown}
            fetching={fetching}
            idAccessor={idAccessor}
            columns={columns}
            noRecordsText="Nothing to choose from"
            onRowClick={({ record }) => onChoose(record)}
            rowStyle={() => ({ cursor: 'pointer' })}
            customRowAttributes={(record, index) => ({
              'data-pick-row': true,
              'data-autofocus': !searchText && index === 0 ? true : undefined,
              tabIndex: index === Math.min(current, shown.length - 1) ? 0 : -1,
              onFocus: () => setCurrent(index),
              onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => {
                // Mantine types the handler for its buttons; it only focuses the siblings.
                if (event.key !== 'Enter' && event.key !== ' ')
                  return moveBetweenRows(event as unknown as KeyboardEvent<HTMLButtonElement>);
                event.preventDefault();
                onChoose(record);
              },
            })}
          />
        )}
      </Stack>
    </Modal>
  );
}
