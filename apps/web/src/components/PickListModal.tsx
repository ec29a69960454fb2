import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { createScopedKeydownHandler, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useOpenedOnce } from '../hooks/use-opened-once';
import { whenIdle } from '../lib/idle';
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
 * opened; undefined until then, with the import's error if it failed. Opening the list tries a
 * failed import again. A screen drawn later takes the table at once, already imported.
 */
function useTableComponent(opened: boolean): { table?: TableComponent; failed: Error | null } {
  const [table, setTable] = useState(() => loadedTable);
  const [failed, setFailed] = useState<Error | null>(null);
  useEffect(() => {
    if (table) return;
    let mounted = true;
    loadTable().then(
      (loaded) => mounted && setTable(() => loaded),
      (error: unknown) => mounted && setFailed(error instanceof Error ? error : new Error(String(error))),
    );
    return () => {
      mounted = false;
    };
  }, [table, opened]);
  return { table, failed: table ? null : failed };
}

/**
 * When the table arrives while its list is already open (opened before the import was done), the
 * modal's first focus has gone by: the first row takes it then, as it would have on opening.
 */
function useFocusWhenArrived(
  body: RefObject<HTMLDivElement | null>,
  opened: boolean,
  table: unknown,
  firstRow: boolean,
) {
  const waited = useRef(false);
  useEffect(() => {
    if (opened && !table) waited.current = true;
    if (!opened || !table || !waited.current) return;
    waited.current = false;
    if (firstRow) body.current?.querySelector<HTMLElement>('tr[data-pick-row]')?.focus();
  }, [body, opened, table, firstRow]);
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
export function PickListModal<T>(props: PickListModalProps<T>) {
  const shown = useOpenedOnce(props.opened);
  // The table is imported once the screen that offers the list is drawn and the browser is idle,
  // so it is there when the list opens.
  useEffect(() => whenIdle(() => void loadTable().catch(() => undefined)), []);
  return shown ? <PickList {...props} /> : null;
}

/** The pick list itself, drawn from its first opening on. */
function PickList<T>({
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
  const { table: DataTable, failed } = useTableComponent(opened);
  const body = useRef<HTMLDivElement>(null);
  useFocusWhenArrived(body, opened, DataTable, !searchText);
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
      <Stack gap="sm" ref={body}>
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
          <LoadingBlock error={failed} />
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
