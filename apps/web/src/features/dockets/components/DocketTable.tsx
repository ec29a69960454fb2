import { Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ActionIcon, VisuallyHidden } from '@mantine/core';
import { useScreenMatches } from '../../../hooks/use-screen-matches';
import { IconFileTypePdf, IconMap, IconPackages, IconRoute, IconSignature } from '@tabler/icons-react';
import type { DataTableColumn, DataTableSortStatus } from 'mantine-datatable';
import type { ListRow } from '@courier/contracts';
import { PagedTable } from '../../../components/PagedTable';
import { PhoneCard, twoLines } from '../../../components/PhoneCard';
import { hint } from '../../../components/HintTooltip';
import { formatDateTime, formatMoney } from '../../../lib/format';
import type { PagedList } from '../../../lib/use-paged-list';
import { DocketTrackingModal, type DocketModalKind } from '../../tracking';
import { useOpenerFocus } from '../../../hooks/use-opener-focus';
import { useDocketReport, usePendingReports } from '../api/report-docket';
import classes from './docket-table.module.css';
import { StatusBadge } from './StatusBadge';

/** The row actions that open a modal, in the spec's order, with their icons (spec "bookings…" §2). */
const MODAL_ACTIONS: { kind: DocketModalKind; label: string; icon: typeof IconMap }[] = [
  { kind: 'signature', label: 'Signature', icon: IconSignature },
  { kind: 'track', label: 'Track', icon: IconRoute },
  { kind: 'map', label: 'Map', icon: IconMap },
  { kind: 'stock', label: 'Stock', icon: IconPackages },
];

/** What a row action asks the table to open: a modal of one docket. */
type OpenModal = (row: ListRow, kind: DocketModalKind) => void;

/** The list's one Download PDF (report/docket), and the dockets whose report is on its way. */
interface DocketReport {
  download: ReturnType<typeof useDocketReport>['mutate'];
  pending: readonly number[];
}

/**
 * Row actions (spec "bookings…" §2): signature, track, map and stock open their modals (signatures,
 * map/tracking, stock list); with the export right (spec §6: export buttons, CSV and PDF, need the
 * export authorisation), Download PDF (report/docket). The four that open a modal are plain buttons
 * drawn as Mantine's subtle ActionIcon (docket-table.module.css): a hundred of them to a list. The
 * PDF download is the list's one `report` (a loader on each row whose report is on its way).
 */
function RowActions({
  row,
  canExport,
  onOpen,
  report,
  start = false,
}: {
  row: ListRow;
  canExport: boolean;
  onOpen: OpenModal;
  report: DocketReport;
  /** Lined up from the start (a phone's booking card), not at the end of the row. */
  start?: boolean;
}) {
  return (
    <div className={start ? classes.actions : `${classes.actions} ${classes.actionsEnd}`}>
      {MODAL_ACTIONS.map(({ kind, label, icon: Icon }) => (
        <button
          key={kind}
          type="button"
          className={classes.action}
          aria-label={`${label} ${row.dck_docket}`}
          {...hint(label)}
          onClick={(e) => {
            e.stopPropagation();
            onOpen(row, kind);
          }}
        >
          <Icon size={18} aria-hidden />
        </button>
      ))}
      {canExport && (
        <ActionIcon
          variant="subtle"
          aria-label={`Download PDF ${row.dck_docket}`}
          {...hint('Download PDF')}
          loading={report.pending.includes(row.dck_id)}
          onClick={(e) => {
            e.stopPropagation();
            report.download(row);
          }}
        >
          <IconFileTypePdf size={18} />
        </ActionIcon>
      )}
    </div>
  );
}

/**
 * The vehicle shows on wide screens only, and the account from 1440 px, so that the totals fit
 * beside the pinned actions (five of them with the export right) at 1280 px with the menu open.
 */
const WIDE = '(min-width: 1536px)';
const MEDIUM = '(min-width: 1440px)';

/**
 * Which of the optional columns the screen has room for, read at the first render: the table's
 * own `visibleMediaQuery` reads it after, so the first rows were drawn with both columns and then
 * without (a layout shift of 0.04 on a 1350 px screen).
 */
function useRoomFor(): { account: boolean; vehicle: boolean } {
  return { account: useScreenMatches(MEDIUM), vehicle: useScreenMatches(WIDE) };
}

/**
 * The docket number, a link to where a click on the row goes: the row's way in by keyboard. A
 * plain link drawn as Mantine's Anchor (docket-table.module.css), one a row.
 */
const docketLink = (r: ListRow, pathOf: (row: ListRow) => string) => (
  // The row's own click would open the booking a second time.
  <Link
    to={pathOf(r)}
    className={`${classes.docket} mantine-focus-auto`}
    onClick={(e) => e.stopPropagation()}
  >
    {r.dck_docket}
  </Link>
);

/**
 * The booking list on a phone: each booking a card of the wide table's values (spec "bookings…" §2):
 * docket number and status; reference and date booked; from and to (town and post code); the row
 * actions, and Total with prices. A header click sorts by docket number.
 */
function phoneColumn(
  showTotal: boolean,
  canExport: boolean,
  pathOf: (row: ListRow) => string,
  onOpen: OpenModal,
  report: DocketReport,
): DataTableColumn<ListRow> {
  return {
    accessor: 'dck_docket',
    title: 'Docket No',
    sortable: true,
    render: (r) => (
      <PhoneCard
        title={docketLink(r, pathOf)}
        aside={<StatusBadge row={r} />}
        lines={[[r.dck_cust_ref1, formatDateTime(r.dck_booked)].filter(Boolean).join(' · ')]}
        details={[`${r.from_town} ${r.from_postcode} → ${r.to_town} ${r.to_postcode}`]}
        footer={<RowActions row={r} canExport={canExport} onOpen={onOpen} report={report} start />}
        footerEnd={showTotal && r.cust_total_price !== null && `Total ${formatMoney(r.cust_total_price)}`}
      />
    ),
  };
}

/**
 * The columns of the booking lists (spec "bookings…" §2), sortable on the server; Total only with
 * prices, Account and Vehicle where there is `room` (useRoomFor). The docket number is a link to where a click on the row goes: the row's way in by keyboard.
 */
function columns(
  showTotal: boolean,
  canExport: boolean,
  pathOf: (row: ListRow) => string,
  onOpen: OpenModal,
  report: DocketReport,
  room: { account: boolean; vehicle: boolean },
): DataTableColumn<ListRow>[] {
  return [
    {
      accessor: 'dck_docket',
      title: 'Docket No',
      sortable: true,
      render: (r) => docketLink(r, pathOf),
    },
    {
      accessor: 'dck_booked',
      title: 'Date',
      sortable: true,
      render: (r) => {
        const [day = '', time] = formatDateTime(r.dck_booked).split(' ');
        return twoLines(day, time);
      },
    },
    { accessor: 'dck_cust_ref1', title: 'Reference', sortable: true },
    { accessor: 'cust_acc_code', title: 'Account', sortable: true, hidden: !room.account },
    {
      accessor: 'from_town',
      title: 'From',
      sortable: true,
      render: (r) => twoLines(r.from_town, r.from_postcode),
    },
    { accessor: 'to_town', title: 'To', sortable: true, render: (r) => twoLines(r.to_town, r.to_postcode) },
    { accessor: 'ttyp_description', title: 'Vehicle', noWrap: true, hidden: !room.vehicle },
    {
      accessor: 'dsts_description',
      title: 'Status',
      sortable: true,
      render: (r) => <StatusBadge row={r} />,
    },
    {
      accessor: 'cust_total_price',
      title: 'Total',
      textAlign: 'right',
      noWrap: true,
      sortable: showTotal,
      hidden: !showTotal,
      render: (r) => (r.cust_total_price === null ? '' : formatMoney(r.cust_total_price)),
    },
    {
      accessor: 'actions',
      // Named for assistive tech only (the spec's list shows no title over the row buttons).
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      textAlign: 'right',
      render: (r) => <RowActions row={r} canExport={canExport} onOpen={onOpen} report={report} />,
    },
  ];
}

interface DocketTableProps {
  list: PagedList<ListRow>;
  infinite: boolean;
  showTotal: boolean;
  /** The export right: Download PDF shows only with it. */
  canExport: boolean;
  sort: DataTableSortStatus<ListRow>;
  onSort: (sort: DataTableSortStatus<ListRow>) => void;
  /** Where a row opens: the booking, read-only. */
  pathOf: (row: ListRow) => string;
}

/**
 * A booking list; a click on a row, or its docket number's link, opens the booking read-only; the
 * row actions open the tracking modals. A table on wide screens, its actions pinned; on a phone one
 * card a booking (phoneColumn), so nothing scrolls sideways.
 */
export function DocketTable({
  list,
  infinite,
  showTotal,
  canExport,
  sort,
  onSort,
  pathOf,
}: DocketTableProps) {
  const navigate = useNavigate();
  const room = useRoomFor();
  const report: DocketReport = { download: useDocketReport().mutate, pending: usePendingReports() };
  const [modal, setModal] = useState<{ docket: ListRow | null; kind: DocketModalKind }>({
    docket: null,
    kind: 'track',
  });
  // The modal is drawn only while open: focus goes back to the row's button by hand.
  const opener = useOpenerFocus();
  const open: OpenModal = (docket, kind) => {
    opener.remember();
    setModal({ docket, kind });
  };
  return (
    <>
      <PagedTable<ListRow>
        list={list}
        infinite={infinite}
        columns={columns(showTotal, canExport, pathOf, open, report, room)}
        phoneColumn={phoneColumn(showTotal, canExport, pathOf, open, report)}
        idAccessor="dck_id"
        sortStatus={sort}
        onSortStatusChange={onSort}
        onRowClick={(row) => void navigate(pathOf(row))}
        noRecordsText="No bookings found"
        pinLastColumn
        // 8 px instead of 10 a side (with MEDIUM): at 1280 px wide, with the menu, Total fits too.
        horizontalSpacing={8}
      />
      {modal.docket && (
        <Suspense fallback={null}>
          <DocketTrackingModal
            docket={modal.docket}
            kind={modal.kind}
            onClose={() => {
              setModal((m) => ({ ...m, docket: null }));
              opener.restore();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
