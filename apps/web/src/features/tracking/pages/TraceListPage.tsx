import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Anchor, Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import type { DataTableColumn, DataTableSortStatus } from 'mantine-datatable';
import { TRACE_SORT_COLUMNS, type TraceListResponse, type TraceListRow } from '@courier/contracts';
import { DateFilterModal, type DateRange } from '../../../components/DateFilterModal';
import { PageTitle } from '../../../components/PageTitle';
import { PagedTable } from '../../../components/PagedTable';
import { PhoneCard } from '../../../components/PhoneCard';
import { trackPath } from '../../../components/TrackingRefInput';
import { formatDateTime } from '../../../lib/format';
import { ukDaysAgo } from '../../../lib/uk-day';
import { usePagedList } from '../../../lib/use-paged-list';
import { useSignedIn } from '../../auth';
import { fetchTraceList, TRACE_LIST_KEY } from '../api/trace-list';

/** Default sort of spec "bookings…" §9: trace descending by docket. */
const DEFAULT_SORT: DataTableSortStatus<TraceListRow> = { columnAccessor: 'dck_docket', direction: 'desc' };

const sortColumn = (accessor: unknown) => TRACE_SORT_COLUMNS.find((c) => c === accessor) ?? 'dck_docket';

/** The filter's default window: two days back to today (spec "bookings…" §2, §9). */
const defaultWindow = (): DateRange => ({ dateStart: ukDaysAgo(2), dateEnd: ukDaysAgo(0) });

const coordinate = (v: number | null) => (v === null ? '' : v.toFixed(5));

/** What the list's cells need beside the row: what the server says, and the user's database. */
type Meta = Pick<TraceListResponse, 'columns' | 'docketAccess'> & { database: string };

/** The docket number, a link to its tracking view when the user may open it. */
const docketLink = (r: TraceListRow, meta: Meta) =>
  meta.docketAccess && r.tracking_reference ? (
    <Anchor
      component={Link}
      to={trackPath(r.tracking_reference, meta.database)}
      fw={600}
      size="sm"
      onClick={(e) => e.stopPropagation()}
    >
      {r.dck_docket}
    </Anchor>
  ) : (
    <b>{r.dck_docket}</b>
  );

/** `Title value` pairs of the set values, one line (a phone card's detail). */
const labelled = (pairs: [string, string | number | null][]) =>
  pairs
    .filter(([, v]) => v !== null && v !== '')
    .map(([title, v]) => `${title} ${v}`)
    .join(' · ');

/**
 * On a phone, each trace record a card of the same values, titled as the columns are: docket and
 * date; location and driver; reference, container and item, consignment and trace references as
 * the settings show them; the position.
 */
function phoneColumn(meta: Meta): DataTableColumn<TraceListRow> {
  return {
    accessor: 'dck_docket',
    title: 'Docket No',
    sortable: true,
    render: (r) => (
      <PhoneCard
        title={docketLink(r, meta)}
        aside={formatDateTime(r.dtr_scandate)}
        lines={[[r.tloc_description, r.drv_driver && `Driver ${r.drv_driver}`].filter(Boolean).join(' · ')]}
        details={[
          labelled([
            ['Reference', meta.columns.reference ? r.dck_cust_ref1 : null],
            ['Container', r.dtr_box],
            ['Item', r.dtr_item],
          ]),
          labelled([
            ['Consignment No', meta.columns.consignment ? r.cg_cust_ref1 : null],
            ['Consignment Ref', meta.columns.consignment ? r.cg_reference : null],
            ['Trace Ref', meta.columns.traceRef ? r.dab_reference : null],
          ]),
          r.dtr_latitude !== null && r.dtr_longitude !== null
            ? `${coordinate(r.dtr_latitude)}, ${coordinate(r.dtr_longitude)}`
            : null,
        ]}
      />
    ),
  };
}

/**
 * The twelve columns of spec "bookings…" §2 Track and Trace list; Reference, Consignment No and
 * Ref, and Trace Ref as the settings show them. The docket number links to the tracking view when
 * the user may open it (the row's way in by keyboard).
 */
function columns(meta: Meta): DataTableColumn<TraceListRow>[] {
  return [
    {
      accessor: 'dck_docket',
      title: 'Docket No',
      sortable: true,
      render: (r) => docketLink(r, meta),
    },
    { accessor: 'dck_cust_ref1', title: 'Reference', noWrap: true, hidden: !meta.columns.reference },
    { accessor: 'drv_driver', title: 'Driver', sortable: true, render: (r) => r.drv_driver ?? '' },
    { accessor: 'tloc_description', title: 'Location', sortable: true },
    { accessor: 'dtr_box', title: 'Container', noWrap: true },
    { accessor: 'dtr_item', title: 'Item', noWrap: true },
    { accessor: 'cg_cust_ref1', title: 'Consignment No', noWrap: true, hidden: !meta.columns.consignment },
    { accessor: 'cg_reference', title: 'Consignment Ref', noWrap: true, hidden: !meta.columns.consignment },
    { accessor: 'dab_reference', title: 'Trace Ref', noWrap: true, hidden: !meta.columns.traceRef },
    {
      accessor: 'dtr_scandate',
      title: 'Date',
      sortable: true,
      noWrap: true,
      render: (r) => formatDateTime(r.dtr_scandate),
    },
    {
      accessor: 'dtr_latitude',
      title: 'Latitude',
      textAlign: 'right',
      render: (r) => coordinate(r.dtr_latitude),
    },
    {
      accessor: 'dtr_longitude',
      title: 'Longitude',
      textAlign: 'right',
      render: (r) => coordinate(r.dtr_longitude),
    },
  ];
}

/**
 * /docket/trace (trace right; spec "bookings…" §2 Track and Trace list, §7 trackandtrace/list): the
 * trace records of the user's accounts in a date window (Filter; two days back to today by
 * default), descending by docket, 20 a page or 50 with infinite scroll, sorted and paged on the
 * server. A row opens the tracking view unless the user's docket access is disabled.
 */
export default function TraceListPage() {
  const navigate = useNavigate();
  const database = useSignedIn().tenant.name;
  const [dates, setDates] = useState<DateRange>(defaultWindow);
  const [filterOpen, setFilterOpen] = useState(false);
  const [infinite, setInfinite] = useState(false);
  const [sort, setSort] = useState(DEFAULT_SORT);
  // What the server says of the columns and of docket access, with each page it answers.
  const [meta, setMeta] = useState<Pick<TraceListResponse, 'columns' | 'docketAccess'>>({
    columns: { reference: true, consignment: true, traceRef: true },
    docketAccess: false,
  });
  const filter = {
    ...dates,
    sort: { column: sortColumn(sort.columnAccessor), direction: sort.direction },
  };
  const list = usePagedList({
    queryKey: [...TRACE_LIST_KEY, filter],
    fetchPage: async (page, pageSize) => {
      const answer = await fetchTraceList({ ...filter, page, pageSize });
      setMeta({ columns: answer.columns, docketAccess: answer.docketAccess });
      return answer;
    },
    infinite,
  });

  return (
    <Stack gap="md">
      <PageTitle>Track and Trace</PageTitle>
      <Paper withBorder shadow="xs" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <Group gap="md">
              <Button
                variant="default"
                leftSection={<IconFilter size={16} />}
                onClick={() => setFilterOpen(true)}
              >
                Filter
              </Button>
              <Text size="sm" c="dimmed">{`From ${dates.dateStart} to ${dates.dateEnd}`}</Text>
            </Group>
            <Switch
              label="Infinite scroll"
              checked={infinite}
              onChange={(e) => setInfinite(e.currentTarget.checked)}
            />
          </Group>
          <PagedTable<TraceListRow>
            list={list}
            infinite={infinite}
            columns={columns({ ...meta, database })}
            phoneColumn={phoneColumn({ ...meta, database })}
            idAccessor="dtr_id"
            sortStatus={sort}
            onSortStatusChange={setSort}
            onRowClick={(row) => {
              if (meta.docketAccess && row.tracking_reference)
                void navigate(trackPath(row.tracking_reference, database));
            }}
            noRecordsText="No trace records found"
          />
        </Stack>
      </Paper>
      <DateFilterModal
        key={`${dates.dateStart}-${dates.dateEnd}`}
        opened={filterOpen}
        initial={dates}
        onApply={(chosen) => {
          setDates(chosen);
          setFilterOpen(false);
        }}
        onClose={() => setFilterOpen(false)}
      />
    </Stack>
  );
}
