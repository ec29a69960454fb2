import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Anchor, Button, Paper, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn, DataTableSortStatus } from 'mantine-datatable';
import type { CustomerAddress } from '@courier/contracts';
import { ListToolbar } from '../../../components/ListToolbar';
import { PageTitle } from '../../../components/PageTitle';
import { PagedTable } from '../../../components/PagedTable';
import { PhoneCard } from '../../../components/PhoneCard';
import { usePagedList } from '../../../lib/use-paged-list';
import { ADDRESS_LIST_KEY, fetchAddressPage } from '../api/address-page';
import { asSortColumn, loadAddressSort, saveAddressSort, type AddressSort } from '../address-sort';
import { addressDetailPath } from '../address-paths';
import { useSignedIn } from '../../auth';

/** Search waits this long after the last key before asking the server. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The post code, a link to the address: the row's way in by keyboard (every address has a post
 * code; a company name may be empty).
 */
const addressLink = (r: CustomerAddress) => (
  <Anchor
    component={Link}
    to={addressDetailPath(r.cadd_id)}
    size="sm"
    fw={600}
    aria-label={`Open address ${[r.cadd_coname, r.cadd_postalcode].filter(Boolean).join(', ')}`}
    onClick={(e) => e.stopPropagation()}
  >
    {r.cadd_postalcode}
  </Anchor>
);

/** The eight sortable columns of spec "access…" §2 Address list. */
const COLUMNS: DataTableColumn<CustomerAddress>[] = [
  { accessor: 'cust_acc_code', title: 'Account', sortable: true, noWrap: true },
  { accessor: 'cadd_coname', title: 'Address', sortable: true },
  { accessor: 'cadd_build', title: 'Building', sortable: true },
  { accessor: 'cadd_street', title: 'Street', sortable: true },
  { accessor: 'cadd_town', title: 'Town', sortable: true },
  { accessor: 'cadd_county', title: 'County', sortable: true },
  { accessor: 'cadd_country', title: 'Country', sortable: true },
  {
    accessor: 'cadd_postalcode',
    title: 'Postcode',
    sortable: true,
    noWrap: true,
    render: (r) => addressLink(r),
  },
];

/** On a phone, each address a card of the same values: post code and account, name, the address. */
const PHONE_COLUMN: DataTableColumn<CustomerAddress> = {
  accessor: 'cadd_coname',
  title: 'Address',
  sortable: true,
  render: (r) => (
    <PhoneCard
      title={addressLink(r)}
      aside={r.cust_acc_code}
      lines={[r.cadd_coname]}
      details={[
        [r.cadd_build, r.cadd_street].filter(Boolean).join(', '),
        [r.cadd_town, r.cadd_county, r.cadd_country].filter(Boolean).join(', '),
      ]}
    />
  ),
};

/**
 * /address/list (addressbook right; spec "access…" §2 Address list): 'Your Addresses' over all the
 * user's accounts, server search and sort (remembered; company name ascending at first), 20 a page
 * or 50 with infinite scroll. A row opens its ADDRESS DETAIL (by keyboard, its post code is the
 * link); 'New address' an empty one (not for a user limited to their own bookings, whom the server
 * refuses changes to the account's shared book).
 */
export default function AddressListPage() {
  const navigate = useNavigate();
  // A user limited to their own bookings reads the account's address but may not add to the shared book.
  const mayAdd = useSignedIn().user.ausr_own_bookings !== 'T';
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [infinite, setInfinite] = useState(false);
  const [sort, setSort] = useState<AddressSort>(loadAddressSort);
  const list = usePagedList({
    queryKey: [...ADDRESS_LIST_KEY, 'page', { search: debounced, sort }],
    fetchPage: (page, pageSize) => fetchAddressPage({ page, pageSize, search: debounced, sort }),
    infinite,
  });
  const onSort = ({ columnAccessor, direction }: DataTableSortStatus<CustomerAddress>) => {
    const column = asSortColumn(columnAccessor);
    if (!column) return;
    saveAddressSort({ column, direction });
    setSort({ column, direction });
  };

  return (
    <Stack gap="md">
      <PageTitle>Your Addresses</PageTitle>
      <Paper withBorder shadow="xs" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <ListToolbar
            placeholder="Search My Addresses..."
            search={search}
            onSearch={setSearch}
            infinite={infinite}
            onInfinite={setInfinite}
          >
            {mayAdd && (
              <Button component={Link} to={addressDetailPath()} leftSection={<IconPlus size={16} />}>
                New address
              </Button>
            )}
          </ListToolbar>
          <PagedTable<CustomerAddress>
            list={list}
            infinite={infinite}
            columns={COLUMNS}
            phoneColumn={PHONE_COLUMN}
            idAccessor="cadd_id"
            sortStatus={{ columnAccessor: sort.column, direction: sort.direction }}
            onSortStatusChange={onSort}
            onRowClick={(row) => void navigate(addressDetailPath(row.cadd_id))}
            noRecordsText="No addresses found"
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
