import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import type { CustomerAddress } from '@courier/contracts';
import { PickListModal } from '../../../components/PickListModal';
import { accountAddressesQuery } from '../api/account-addresses';

interface CustomerAddressListModalProps {
  /** The account whose addresses are listed; the modal is open while set. */
  custId: number | null;
  onChoose: (address: CustomerAddress) => void;
  onClose: () => void;
}

const COLUMNS: DataTableColumn<CustomerAddress>[] = [
  { accessor: 'cadd_coname', title: 'Address' },
  { accessor: 'cadd_build', title: 'Building' },
  { accessor: 'cadd_street', title: 'Street' },
  { accessor: 'cadd_town', title: 'Town' },
  { accessor: 'cadd_postalcode', title: 'Postcode', noWrap: true },
];

const searchText = (a: CustomerAddress) =>
  [a.cadd_coname, a.cadd_build, a.cadd_street, a.cadd_town, a.cadd_postalcode].join(' ');

/** 'Customer Address List' (spec "bookings…" §2 modals): the account's address book, to fill a booking address. */
export function CustomerAddressListModal({ custId, onChoose, onClose }: CustomerAddressListModalProps) {
  const addresses = useQuery({ ...accountAddressesQuery(custId ?? 0), enabled: custId !== null });
  return (
    <PickListModal<CustomerAddress>
      title="Customer Address List"
      opened={custId !== null}
      onClose={onClose}
      records={addresses.data ?? []}
      fetching={addresses.isFetching}
      error={addresses.error}
      columns={COLUMNS}
      idAccessor={(a) => a.cadd_id}
      onChoose={onChoose}
      searchText={searchText}
    />
  );
}
