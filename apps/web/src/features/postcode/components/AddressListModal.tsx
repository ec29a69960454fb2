import type { DataTableColumn } from 'mantine-datatable';
import type { AddressResult } from '@courier/contracts';
import { PickListModal } from '../../../components/PickListModal';

interface AddressListModalProps {
  /** The search's results; the modal is open while there are some. */
  results: AddressResult[] | null;
  onChoose: (result: AddressResult) => void;
  onClose: () => void;
}

/** A result with its position: two results may read the same. */
type Row = AddressResult & { rowId: number };

const COLUMNS: DataTableColumn<Row>[] = [
  { accessor: 'organisation', title: 'Company' },
  { accessor: 'building', title: 'Building' },
  { accessor: 'street', title: 'Street' },
  { accessor: 'locality', title: 'Locality' },
  { accessor: 'town', title: 'Town' },
  { accessor: 'postcode', title: 'Postcode', noWrap: true },
];

/**
 * 'ADDRESS LIST' (spec "access…" §2 Address detail, "bookings…" §2 modals): the post code search's
 * results; a click on one fills the address the search was started from.
 */
export function AddressListModal({ results, onChoose, onClose }: AddressListModalProps) {
  return (
    <PickListModal<Row>
      title="ADDRESS LIST"
      opened={results !== null}
      onClose={onClose}
      records={(results ?? []).map((r, rowId) => ({ ...r, rowId }))}
      columns={COLUMNS}
      idAccessor={(r) => r.rowId}
      onChoose={({ rowId: _rowId, ...result }) => onChoose(result)}
      intro="Choose your specific address."
    />
  );
}
