import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Anchor, Group, Paper, Stack, Switch } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconCalendar } from '@tabler/icons-react';
import type { DataTableColumn, DataTableSortStatus } from 'mantine-datatable';
import type { LogRow } from '@courier/contracts';
import { PageTitle } from '../../../components/PageTitle';
import { PagedTable } from '../../../components/PagedTable';
import { PhoneCard } from '../../../components/PhoneCard';
import { formatLogTime } from '../../../lib/format';
import { usePagedList } from '../../../lib/use-paged-list';
import { CALENDAR_LABELS, DATE_FORMAT, pickerToUkDate, ukDateToPicker, ukDaysAgo } from '../../../lib/uk-day';
import { fetchLogList, LOG_KEY, logDetailPath } from '../api/log';
import { LogTypeBadge } from '../components/LogTypeBadge';

/** The one order of the log (spec "bookings…" §9): time descending. */
const SORT: DataTableSortStatus<LogRow> = { columnAccessor: 'log_time', direction: 'desc' };
const keepSort = () => undefined;

/**
 * The time, a link to the entry: the row's way in by keyboard, named with who and what so that each
 * reads apart; the row's own click would open it a second time.
 */
const logLink = (r: LogRow) => (
  <Anchor
    component={Link}
    to={logDetailPath(r.log_id)}
    aria-label={`${formatLogTime(r.log_time)}, ${r.log_user}, ${r.log_process}`}
    fw={600}
    size="sm"
    onClick={(e) => e.stopPropagation()}
  >
    {formatLogTime(r.log_time)}
  </Anchor>
);

const COLUMNS: DataTableColumn<LogRow>[] = [
  {
    accessor: 'log_time',
    title: 'Time',
    noWrap: true,
    render: (r) => logLink(r),
  },
  { accessor: 'log_user', title: 'User' },
  { accessor: 'log_unit', title: 'Unit' },
  { accessor: 'log_process', title: 'Process' },
  { accessor: 'log_type', title: 'Type', render: (r) => <LogTypeBadge type={r.log_type} /> },
];

/** On a phone, each entry a card of the same values: time and type, user, unit and process. */
const PHONE_COLUMN: DataTableColumn<LogRow> = {
  accessor: 'log_time',
  title: 'Time',
  render: (r) => (
    <PhoneCard
      title={logLink(r)}
      aside={<LogTypeBadge type={r.log_type} />}
      lines={[r.log_user]}
      details={[[r.log_unit, r.log_process].filter(Boolean).join(' · ')]}
    />
  ),
};

/**
 * /log (admin right; spec "bookings…" §2 Log viewer): the audit log of the day chosen in the day
 * selector (today first, kept in the URL as ?day=DD/MM/YYYY so Back returns to it), Time, User, Unit,
 * Process and Type, newest first, 20 a page or 50 as the table scrolls. A row opens /log/detail.
 * 'Load Log' with the server's message when the list cannot load.
 */
export default function LogListPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const day = params.get('day') ?? ukDaysAgo(0);
  const [infinite, setInfinite] = useState(false);
  const list = usePagedList({
    queryKey: [...LOG_KEY, 'list', day],
    fetchPage: (page, pageSize) => fetchLogList({ day, page, pageSize }),
    infinite,
  });
  return (
    <Stack gap="md">
      <PageTitle>Log Viewer</PageTitle>
      <Paper withBorder shadow="xs" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-end" gap="sm">
            <DatePickerInput
              label="Day"
              name="day"
              w={200}
              value={ukDateToPicker(day)}
              onChange={(value) => value && setParams({ day: pickerToUkDate(value) }, { replace: true })}
              maxDate={ukDateToPicker(ukDaysAgo(0))}
              valueFormat={DATE_FORMAT}
              leftSection={<IconCalendar size={16} />}
              ariaLabels={CALENDAR_LABELS}
            />
            <Switch
              label="Infinite scroll"
              checked={infinite}
              onChange={(e) => setInfinite(e.currentTarget.checked)}
            />
          </Group>
          <PagedTable<LogRow>
            list={list}
            infinite={infinite}
            columns={COLUMNS}
            phoneColumn={PHONE_COLUMN}
            idAccessor="log_id"
            sortStatus={SORT}
            onSortStatusChange={keepSort}
            onRowClick={(row) => void navigate(logDetailPath(row.log_id))}
            noRecordsText="No log entries on this day"
            errorTitle="Load Log"
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
