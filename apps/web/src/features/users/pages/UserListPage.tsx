import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Anchor, Button, Paper, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn, DataTableSortStatus } from 'mantine-datatable';
import { USER_SORT_COLUMNS, type UserListRow, type UserSortColumn } from '@courier/contracts';
import { ListToolbar } from '../../../components/ListToolbar';
import { PageTitle } from '../../../components/PageTitle';
import { PagedTable } from '../../../components/PagedTable';
import { PhoneCard } from '../../../components/PhoneCard';
import { usePagedList } from '../../../lib/use-paged-list';
import { fetchUserPage } from '../api/user-page';
import { USERS_KEY } from '../api/user-keys';
import { userDetailPath } from '../user-paths';

/** Search waits this long after the last key before asking the server. */
const SEARCH_DEBOUNCE_MS = 300;

/** The username, a link to the user: the row's way in by keyboard (every user has a username). */
const userLink = (r: UserListRow) => (
  <Anchor
    component={Link}
    to={userDetailPath('existing', r.ausr_id)}
    size="sm"
    fw={600}
    aria-label={`Open user ${r.ausr_logon}`}
    onClick={(e) => e.stopPropagation()}
  >
    {r.ausr_logon}
  </Anchor>
);

/** The six sortable columns of spec "bookings…" §2 User list, each on one line. */
const COLUMNS: DataTableColumn<UserListRow>[] = [
  { accessor: 'cust_acc_code', title: 'Account code', sortable: true, noWrap: true },
  { accessor: 'cust_name', title: 'Account', sortable: true, noWrap: true },
  {
    accessor: 'ausr_logon',
    title: 'Username',
    sortable: true,
    noWrap: true,
    render: (r) => userLink(r),
  },
  { accessor: 'ausr_firstname', title: 'First Name', sortable: true, noWrap: true },
  { accessor: 'ausr_lastname', title: 'Last Name', sortable: true, noWrap: true },
  { accessor: 'ausr_email', title: 'Email', sortable: true, noWrap: true },
];

/** On a phone, each user a card of the same values: username, name, account, e-mail. */
const PHONE_COLUMN: DataTableColumn<UserListRow> = {
  accessor: 'ausr_logon',
  title: 'Username',
  sortable: true,
  render: (r) => (
    <PhoneCard
      title={userLink(r)}
      lines={[[r.ausr_firstname, r.ausr_lastname].filter(Boolean).join(' ')]}
      details={[[r.cust_acc_code, r.cust_name].filter(Boolean).join(' · '), r.ausr_email]}
    />
  ),
};

const asSortColumn = (accessor: string): UserSortColumn | undefined =>
  (USER_SORT_COLUMNS as readonly string[]).includes(accessor) ? (accessor as UserSortColumn) : undefined;

/**
 * /user/list (admin right; spec "bookings…" §2 User list): the tenant's users with their default
 * account, searched, sorted (last name ascending at first) and paged by the server, 20 a page or
 * 50 with infinite scroll. A row opens its user detail (by keyboard, the username is the link);
 * 'New user' an empty one.
 */
export default function UserListPage() {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [infinite, setInfinite] = useState(false);
  const [sort, setSort] = useState<{ column: UserSortColumn; direction: 'asc' | 'desc' }>({
    column: 'ausr_lastname',
    direction: 'asc',
  });
  const list = usePagedList({
    queryKey: [...USERS_KEY, 'page', { search: debounced, sort }],
    fetchPage: (page, pageSize) => fetchUserPage({ page, pageSize, search: debounced, sort }),
    infinite,
  });
  const onSort = ({ columnAccessor, direction }: DataTableSortStatus<UserListRow>) => {
    const column = asSortColumn(String(columnAccessor));
    if (column) setSort({ column, direction });
  };

  return (
    <Stack gap="md">
      <PageTitle>Users</PageTitle>
      <Paper withBorder shadow="xs" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <ListToolbar
            placeholder="Search Users..."
            search={search}
            onSearch={setSearch}
            infinite={infinite}
            onInfinite={setInfinite}
          >
            <Button component={Link} to={userDetailPath('new')} leftSection={<IconPlus size={16} />}>
              New user
            </Button>
          </ListToolbar>
          <PagedTable<UserListRow>
            list={list}
            infinite={infinite}
            columns={COLUMNS}
            phoneColumn={PHONE_COLUMN}
            idAccessor="ausr_id"
            sortStatus={{ columnAccessor: sort.column, direction: sort.direction }}
            onSortStatusChange={onSort}
            onRowClick={(row) => void navigate(userDetailPath('existing', row.ausr_id))}
            noRecordsText="No users found"
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
