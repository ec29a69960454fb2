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

/** The columns always shown: every result has a town and a post code. */
const ALWAYS = new Set<string>(['town', 'postcode']);

/** What the modal says above the results: area-only results are no specific address to choose. */
export const AREA_ONLY_INTRO =
  'Only the area of this post code is known: choose it, then type the building and street.';

/**
 * 'ADDRESS LIST' (spec "access…" §2 Address detail, "bookings…" §2 modals): the post code search's
 * results; a click on one fills the address the search was started from. Columns that no result
 * fills are left out (a phone then sees the town and post code, not four empty columns), and when
 * no result has a building or a street (the post code's area only, as the offline index knows
 * many) the modal says so: the address still needs them typed.
 */
export function AddressListModal({ results, onChoose, onClose }: AddressListModalProps) {
  const records = (results ?? []).map((r, rowId) => ({ ...r, rowId }));
  const columns = COLUMNS.filter(
    (c) => ALWAYS.has(c.accessor) || records.some((r) => r[c.accessor as keyof AddressResult]),
  );
  const areaOnly = records.length > 0 && records.every((r) => !r.building && !r.street);
  return (
    <PickListModal<Row>
      title="ADDRESS LIST"
      opened={results !== null}
      onClose={onClose}
      records={records}
      columns={columns}
      idAccessor={(r) => r.rowId}
      onChoose={({ rowId: _rowId, ...result }) => onChoose(result)}
      intro={areaOnly ? AREA_ONLY_INTRO : 'Choose your specific address.'}
    />
  );
}
