import { z } from 'zod';
import { ADDRESS_SORT_COLUMNS, type AddressSortColumn } from '@courier/contracts';
import { storedAddressSort } from '../../lib/stored-context';

/** The address list's sort: one of its eight columns and a direction. */
export const addressSort = z.object({
  column: z.enum(ADDRESS_SORT_COLUMNS),
  direction: z.enum(['asc', 'desc']),
});
export type AddressSort = z.infer<typeof addressSort>;

/** Default of spec "access…" §2 Address list: company name ascending. */
export const DEFAULT_ADDRESS_SORT: AddressSort = { column: 'cadd_coname', direction: 'asc' };

/** The remembered sort (spec "access…" §2: 'the sort order is remembered'), else the default. */
export function loadAddressSort(): AddressSort {
  try {
    const parsed = addressSort.safeParse(JSON.parse(storedAddressSort.get() ?? 'null'));
    return parsed.success ? parsed.data : DEFAULT_ADDRESS_SORT;
  } catch {
    return DEFAULT_ADDRESS_SORT;
  }
}

export const saveAddressSort = (sort: AddressSort): void => storedAddressSort.set(JSON.stringify(sort));

/** A table column accessor as a sort column, or undefined for anything else. */
export const asSortColumn = (accessor: unknown): AddressSortColumn | undefined =>
  ADDRESS_SORT_COLUMNS.find((c) => c === accessor);
