import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, Paper, Stack, Tabs, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import type { DataTableSortStatus } from 'mantine-datatable';
import type { ListRow } from '@courier/contracts';
import { LIST_SORT_COLUMNS, type ListSortColumn } from '@courier/contracts/list-sort';
import { DateFilterModal } from '../../../components/DateFilterModal';
import { ListToolbar } from '../../../components/ListToolbar';
import { PageTitle } from '../../../components/PageTitle';
import { usePagedList } from '../../../lib/use-paged-list';
import { useSignedIn } from '../../auth';
import { seesPrices } from '../../auth';
import { DOCKET_LIST_KEY, fetchDocketList } from '../api/docket-list';
import { bookingHistoryPath, CALLERS } from '../booking-paths';
import { DocketTable } from '../components/DocketTable';
import { ExportButtons } from '../components/ExportButtons';
import {
  defaultHistoryDates,
  loadHistoryDates,
  saveHistoryDates,
  type HistoryDates,
} from '../history-filter';

/** Search waits this long after the last key before asking the server. */
const SEARCH_DEBOUNCE_MS = 300;

/** Default sort of spec "bookings…" §9: descending by docket number. */
const DEFAULT_SORT: DataTableSortStatus<ListRow> = { columnAccessor: 'dck_docket', direction: 'desc' };

const sortColumn = (accessor: unknown): ListSortColumn =>
  LIST_SORT_COLUMNS.find((c) => c === accessor) ?? 'dck_docket';

/** The two tabs and what differs between them (spec "bookings…" §2 Booking list and history). */
const TABS = {
  recent: { title: 'Your Recent Bookings', search: 'Search My Bookings...', caller: 'docketList' },
  history: { title: 'Your Booking History', search: 'Search My Archive...', caller: 'docketArchive' },
} as const;

/** One tab's list; remounted per tab so each starts from its own search, sort and dates. */
function BookingList({ archive }: { archive: boolean }) {
  const session = useSignedIn();
  const navigate = useNavigate();
  const tab = TABS[archive ? 'history' : 'recent'];
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [infinite, setInfinite] = useState(false);
  const [sort, setSort] = useState(DEFAULT_SORT);
  const [dates, setDates] = useState<HistoryDates | null>(() => (archive ? loadHistoryDates() : null));
  const [filterOpen, setFilterOpen] = useState(archive && !dates);

  const filter = {
    archive,
    search: debounced,
    sort: { column: sortColumn(sort.columnAccessor), direction: sort.direction },
    ...(archive && dates ? dates : {}),
  };
  const waiting = archive && !dates;
  const list = usePagedList({
    queryKey: [...DOCKET_LIST_KEY, filter],
    fetchPage: (page, pageSize) => fetchDocketList({ ...filter, page, pageSize }),
    infinite,
    enabled: !waiting,
  });

  const applyDates = (chosen: HistoryDates) => {
    saveHistoryDates(chosen);
    setDates(chosen);
    setFilterOpen(false);
  };

  return (
    <Stack gap="md">
      <PageTitle>{tab.title}</PageTitle>
      <Tabs
        value={archive ? 'history' : 'recent'}
        onChange={(value) => void navigate(value === 'history' ? CALLERS.docketArchive : CALLERS.docketList)}
      >
        <Tabs.List>
          <Tabs.Tab value="recent">Recent</Tabs.Tab>
          <Tabs.Tab value="history">History</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Paper withBorder shadow="xs" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <ListToolbar
            placeholder={tab.search}
            search={search}
            onSearch={setSearch}
            infinite={infinite}
            onInfinite={setInfinite}
          >
            {archive && (
              <Button
                variant="default"
                leftSection={<IconFilter size={16} />}
                onClick={() => setFilterOpen(true)}
              >
                Filter
              </Button>
            )}
            {session.user.ausr_rights_export === 'T' && !waiting && <ExportButtons filter={filter} />}
          </ListToolbar>
          {dates && archive && (
            <Text size="sm" c="dimmed">{`From ${dates.dateStart} to ${dates.dateEnd}`}</Text>
          )}
          {waiting ? (
            <Text c="dimmed" py="xl" ta="center">
              Set the dates in Filter to see your booking history.
            </Text>
          ) : (
            <DocketTable
              list={list}
              infinite={infinite}
              showTotal={seesPrices(session)}
              canExport={session.user.ausr_rights_export === 'T'}
              sort={sort}
              onSort={setSort}
              pathOf={(row) => bookingHistoryPath(row.dck_id, tab.caller)}
            />
          )}
        </Stack>
      </Paper>
      {archive && (
        <DateFilterModal
          opened={filterOpen}
          initial={dates ?? defaultHistoryDates()}
          onApply={applyDates}
          onClose={() => setFilterOpen(false)}
        />
      )}
    </Stack>
  );
}

/**
 * /docket/list and /docket/archive (history right; spec "bookings…" §2): tabs Recent and History,
 * server search and sort (docket number descending first), 20 a page or 50 with infinite scroll.
 * History needs both filter dates before it loads, so the Filter modal opens first. Export to CSV
 * and PDF with the export right; a row opens the booking read-only.
 */
export default function BookingListPage() {
  const archive = useLocation().pathname === CALLERS.docketArchive;
  return <BookingList key={String(archive)} archive={archive} />;
}
