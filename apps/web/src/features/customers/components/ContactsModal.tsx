import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import type { ContactRow } from '@courier/contracts';
import { PickListModal } from '../../../components/PickListModal';
import { contactListQuery } from '../api/contact-list';

interface ContactsModalProps {
  /** The account whose contacts are listed; the modal is open while set. */
  custId: number | null;
  onChoose: (contact: ContactRow) => void;
  onClose: () => void;
}

const COLUMNS: DataTableColumn<ContactRow>[] = [
  { accessor: 'ccnt_name', title: 'Name' },
  { accessor: 'ccnt_telephone', title: 'Telephone', noWrap: true },
  { accessor: 'ccnt_email', title: 'Email' },
];

const searchText = (c: ContactRow) => `${c.ccnt_name} ${c.ccnt_telephone} ${c.ccnt_email}`;

/** 'Customer Contacts' (spec "bookings…" §2 modals): an account's contacts, to fill the booking's contact. */
export function ContactsModal({ custId, onChoose, onClose }: ContactsModalProps) {
  const contacts = useQuery({ ...contactListQuery(custId ?? 0), enabled: custId !== null });
  return (
    <PickListModal<ContactRow>
      title="Customer Contacts"
      opened={custId !== null}
      onClose={onClose}
      records={contacts.data ?? []}
      fetching={contacts.isFetching}
      error={contacts.error}
      columns={COLUMNS}
      idAccessor={(c) => c.ccnt_id}
      onChoose={onChoose}
      searchText={searchText}
    />
  );
}
