import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Anchor, Paper, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { DataTableColumn, DataTableSortStatus } from 'mantine-datatable';
import type { ReportListRow } from '@courier/contracts';
import { ListToolbar } from '../../../components/ListToolbar';
import { PageTitle } from '../../../components/PageTitle';
import { PagedTable } from '../../../components/PagedTable';
import { usePagedList } from '../../../lib/use-paged-list';
import { fetchReportList, REPORTS_KEY, reportViewPath } from '../api/reports';

/** Search waits this long after the last key before asking the server. */
const SEARCH_DEBOUNCE_MS = 300;

/** The one order of the list (spec "bookings…" §9): description ascending. */
const SORT: DataTableSortStatus<ReportListRow> = { columnAccessor: 'rpt_desc', direction: 'asc' };
const keepSort = () => undefined;

const COLUMNS: DataTableColumn<ReportListRow>[] = [
  {
    accessor: 'rpt_desc',
    title: 'Description',
    // The description is the row's way in by keyboard.
    render: (r) => (
      <Anchor
        component={Link}
        to={reportViewPath(r.rpt_id)}
        size="sm"
        fw={600}
        onClick={(e) => e.stopPropagation()}
      >
        {r.rpt_desc}
      </Anchor>
    ),
  },
];

/**
 * /report/list (reports right; spec "bookings…" §2 Report list): the reports linked to the user,
 * 'Search Reports...', one column Description, description ascending, 20 a page or 50 as the table
 * scrolls. Choosing one opens it in our report viewer (/report/view).
 */
export default function ReportListPage() {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [infinite, setInfinite] = useState(false);
  const list = usePagedList({
    queryKey: [...REPORTS_KEY, 'list', debounced],
    fetchPage: (page, pageSize) => fetchReportList({ search: debounced, page, pageSize }),
    infinite,
  });
  return (
    <Stack gap="md">
      <PageTitle>Reports</PageTitle>
      <Paper withBorder shadow="xs" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <ListToolbar
            placeholder="Search Reports..."
            search={search}
            onSearch={setSearch}
            infinite={infinite}
            onInfinite={setInfinite}
          />
          <PagedTable<ReportListRow>
            list={list}
            infinite={infinite}
            columns={COLUMNS}
            idAccessor="rpt_id"
            sortStatus={SORT}
            onSortStatusChange={keepSort}
            onRowClick={(row) => void navigate(reportViewPath(row.rpt_id))}
            noRecordsText="No reports found"
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
