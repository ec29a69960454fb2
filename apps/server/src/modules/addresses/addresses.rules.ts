import { ADDRESS_MSG } from '@courier/contracts';

/** The address-book fields a mandatory setting may name, with the label its message uses. */
export const ADDRESS_FIELD_LABELS = {
  cadd_coname: 'Company name',
  cadd_build: 'Building',
  cadd_street: 'Street',
  cadd_locality: 'Locality',
  cadd_town: 'Town',
  cadd_county: 'County',
  cadd_country: 'Country',
  cadd_postalcode: 'Post code',
} as const;
export type AddressField = keyof typeof ADDRESS_FIELD_LABELS;
export type AddressFields = Record<AddressField, string>;

/** mandatory.AddressBook as seeded; used when a tenant has no such setting. */
export const DEFAULT_ADDRESS_BOOK_MANDATORY = 'cadd_coname,cadd_street,cadd_town,cadd_postalcode';

const isField = (name: string): name is AddressField => Object.hasOwn(ADDRESS_FIELD_LABELS, name);

/**
 * The fields a mandatory setting (a comma list of cadd_* names) requires of this address, spec
 * "bookings…" §5: county is never mandatory; street is not mandatory when a building is given, nor
 * when neither is (that case is the insufficient-address rule). Unknown names are ignored.
 */
export function missingFields(setting: string, addr: AddressFields): Partial<Record<AddressField, string>> {
  const missing: Partial<Record<AddressField, string>> = {};
  for (const name of setting.split(',').map((s) => s.trim())) {
    if (!isField(name) || name === 'cadd_county' || addr[name]) continue;
    // A missing street is fine with a building; with neither, addressRuleError() answers instead.
    if (name === 'cadd_street') continue;
    missing[name] = `${ADDRESS_FIELD_LABELS[name]} is required`;
  }
  return missing;
}

/** 'PO Box', 'P.O. Box', 'P O BOX', 'POBOX', 'Post Office Box' anywhere in the text, any case. */
const PO_BOX = /\b(p\.?\s*o\.?\s*box|post\s+office\s+box)\b/i;
export const isPoBox = (text: string): boolean => PO_BOX.test(text);

/**
 * The 422 message of spec "access…" §5, or undefined when the address passes: with the PO box
 * setting on, an address without building and street, or whose building or street is a PO box, is
 * refused as a PO box; otherwise one without building and street has insufficient information.
 */
export function addressRuleError(
  addr: Pick<AddressFields, 'cadd_build' | 'cadd_street'>,
  disallowPoBox: boolean,
): string | undefined {
  const empty = !addr.cadd_build && !addr.cadd_street;
  if (disallowPoBox && (empty || isPoBox(addr.cadd_build) || isPoBox(addr.cadd_street)))
    return ADDRESS_MSG.poBox;
  if (empty) return ADDRESS_MSG.insufficient;
  return undefined;
}
