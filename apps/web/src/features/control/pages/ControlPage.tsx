import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { Select } from '../../../components/Select';
import { useDebouncedValue } from '@mantine/hooks';
import { IconInfoCircle, IconSearch, IconSteeringWheel } from '@tabler/icons-react';
import type { DataTableSortStatus } from 'mantine-datatable';
import {
  CIRCUIT_FIELD_NAMES,
  CONTROL_MSG,
  type CircuitDocketRow,
  type CircuitField,
  type CircuitRow,
} from '@courier/contracts';
import { LoadDataAlert } from '../../../components/LoadDataAlert';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { PageTitle } from '../../../components/PageTitle';
import { Pager } from '../../../components/Pager';
import { useOpenerFocus } from '../../../hooks/use-opener-focus';
import { storedControlCircuit } from '../../../lib/stored-context';
import { circuitDocketsQuery } from '../api/circuit-dockets';
import { circuitListQuery } from '../api/circuit-list';
import { statusListQuery } from '../api/status-list';
import { ChangeStatusModal } from '../components/ChangeStatusModal';
import { ControlTable } from '../components/ControlTable';
import { DocketViewModal } from '../components/DocketViewModal';
import { DriversModal } from '../components/DriversModal';
import { StatusCounts } from '../components/StatusCounts';

/** Filter text waits this long after the last key before asking the server. */
const FILTER_DEBOUNCE_MS = 300;
/** Dockets a page of the board. */
const PAGE_SIZE = 50;

const DEFAULT_SORT: DataTableSortStatus<CircuitDocketRow> = {
  columnAccessor: 'dck_docket',
  direction: 'asc',
};

const sortField = (accessor: unknown): CircuitField =>
  CIRCUIT_FIELD_NAMES.find((f) => f === accessor) ?? 'dck_docket';

/** The circuit shown first: the one remembered if still linked, else the first. */
const firstCircuit = (circuits: readonly CircuitRow[]): string | undefined => {
  const remembered = storedControlCircuit.get();
  return (circuits.find((c) => c.cir_circ_code === remembered) ?? circuits[0])?.cir_circ_code;
};

/** What is open over the board. */
type Opened = { kind: 'change'; rows: CircuitDocketRow[] } | { kind: 'view'; row: CircuitDocketRow } | null;

/** One circuit's board; remounted per circuit so sort, filter, page and selection start afresh. */
function Board({ circuit }: { circuit: CircuitRow }) {
  const [filter, setFilter] = useState('');
  const [search] = useDebouncedValue(filter.trim(), FILTER_DEBOUNCE_MS);
  const [sort, setSort] = useState(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const [opened, setOpened] = useState<Opened>(null);
  const canUpdate = circuit.acia_update === 'T';

  const statuses = useQuery(statusListQuery);
  const board = useQuery(
    circuitDocketsQuery(circuit, {
      page,
      pageSize: PAGE_SIZE,
      search,
      sort: { column: sortField(sort.columnAccessor), direction: sort.direction },
    }),
  );
  const rows = board.data?.rows ?? [];
  // Selection by docket id, so that a refreshed board keeps it (rows that left the circuit drop out).
  const selected = rows.filter((r) => selectedIds.includes(r.dck_id));

  // The modals mount already open, so Mantine has no opener to give focus back to: keep it here.
  const opener = useOpenerFocus();
  const table = useRef<HTMLDivElement>(null);
  const show = (next: NonNullable<Opened>) => {
    opener.remember();
    setOpened(next);
  };
  const close = () => {
    setOpened(null);
    opener.restore();
  };
  const open = (row: CircuitDocketRow) =>
    show(canUpdate ? { kind: 'change', rows: [row] } : { kind: 'view', row });

  const startAgain = () => {
    setPage(1);
    setSelectedIds([]);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <TextInput
          label="Filter"
          placeholder="Docket, reference, contact, company, town or post code"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={filter}
          onChange={(e) => {
            setFilter(e.currentTarget.value);
            startAgain();
          }}
          maxLength={100}
          style={{ flex: '1 1 280px' }}
          maw={460}
        />
        {canUpdate ? (
          <Group gap="sm">
            <Text size="sm" aria-live="polite">
              {selected.length ? `${selected.length} selected` : ''}
            </Text>
            <Button disabled={selected.length === 0} onClick={() => show({ kind: 'change', rows: selected })}>
              Change selected
            </Button>
          </Group>
        ) : (
          <Group gap={6}>
            <IconInfoCircle size={18} aria-hidden />
            <Text size="sm">{CONTROL_MSG.readOnlyCircuit}</Text>
          </Group>
        )}
      </Group>
      {statuses.data && <StatusCounts counts={board.data?.counts} statuses={statuses.data} />}
      <div ref={table}>
        {board.error ? (
          <LoadDataAlert error={board.error} />
        ) : !board.data ? (
          <LoadingBlock error={null} />
        ) : (
          <ControlTable
            columns={board.data.columns}
            rows={rows}
            fetching={board.isFetching && board.isPlaceholderData}
            sort={sort}
            onSort={(next) => {
              setSort(next);
              setPage(1);
            }}
            selectable={canUpdate}
            selected={selected}
            onSelected={(chosen) => setSelectedIds(chosen.map((r) => r.dck_id))}
            onOpen={open}
          />
        )}
      </div>
      {board.data && (page > 1 || board.data.hasMore) && (
        <Pager
          page={page}
          hasMore={board.data.hasMore}
          busy={board.isPlaceholderData}
          onPage={setPage}
          anchor={table}
        />
      )}
      {opened?.kind === 'change' && statuses.data && (
        <ChangeStatusModal
          targets={opened.rows}
          statuses={statuses.data}
          onClose={() => {
            if (opened.rows.length > 1) setSelectedIds([]);
            close();
          }}
        />
      )}
      {opened?.kind === 'view' && board.data && (
        <DocketViewModal row={opened.row} columns={board.data.columns} onClose={close} />
      )}
    </Stack>
  );
}

/**
 * /control (control right; spec "access…" §2 Control screen, §4): 'CONTROL', the circuit picker
 * (the last circuit is remembered), the counts per status, a filter and the board. A row opens
 * 'CHANGE DOCKET STATUS' when the circuit allows updates, else the docket read-only. The board
 * refreshes at the circuit's interval and on every live event about it. 'Drivers' lists and edits
 * the drivers, with the driver page's PIN.
 */
export default function ControlPage() {
  const circuits = useQuery(circuitListQuery);
  const [chosen, setChosen] = useState<string | null>(null);
  const list = circuits.data ?? [];
  const code = chosen && list.some((c) => c.cir_circ_code === chosen) ? chosen : firstCircuit(list);
  const circuit = list.find((c) => c.cir_circ_code === code);
  const [driversOpen, setDriversOpen] = useState(false);
  // The window mounts already open, so Mantine has no opener to give focus back to: the button is.
  const driversButton = useRef<HTMLButtonElement>(null);
  const closeDrivers = () => {
    setDriversOpen(false);
    requestAnimationFrame(() => driversButton.current?.focus());
  };

  return (
    <Stack gap="md">
      <PageTitle>CONTROL</PageTitle>
      {circuits.error ? (
        <LoadDataAlert error={circuits.error} />
      ) : !circuits.data ? (
        <LoadingBlock error={null} />
      ) : !circuit ? (
        <Alert color="gray" icon={<IconInfoCircle size={18} />}>
          {CONTROL_MSG.noCircuits}
        </Alert>
      ) : (
        <Paper withBorder shadow="xs" p={{ base: 'sm', sm: 'md' }}>
          <Stack gap="md">
            <Group align="flex-end" justify="space-between" gap="sm">
              <Select
                label="Circuit"
                data={list.map((c) => ({ value: c.cir_circ_code, label: c.cir_name }))}
                value={circuit.cir_circ_code}
                onChange={(value) => {
                  if (!value) return;
                  storedControlCircuit.set(value);
                  setChosen(value);
                }}
                allowDeselect={false}
                maw={360}
                style={{ flex: '1 1 240px' }}
              />
              <Button
                ref={driversButton}
                variant="default"
                leftSection={<IconSteeringWheel size={16} />}
                onClick={() => setDriversOpen(true)}
              >
                Drivers
              </Button>
            </Group>
            <Board key={circuit.cir_circ_code} circuit={circuit} />
          </Stack>
        </Paper>
      )}
      {driversOpen && <DriversModal onClose={closeDrivers} />}
    </Stack>
  );
}
