import { ADDRESS_MSG } from '@courier/contracts';

/**
 * Client copies of the address rules the server applies to bookings and to the address book
 * (spec "bookings…" §5, "access…" §5); the server checks again and its field errors win.
 */

/** 'PO Box', 'P.O. Box', 'P O BOX', 'POBOX', 'Post Office Box', any case. */
const PO_BOX = /\b(p\.?\s*o\.?\s*box|post\s+office\s+box)\b/i;

/**
 * The PO box / insufficient-information message for an address, or undefined: with the disallow
 * setting on, no building and no street, or a PO box in either, is a PO box; otherwise no building
 * and no street is insufficient information.
 */
export function addressRuleError(
  building: string,
  street: string,
  disallowPoBox: boolean,
): string | undefined {
  const empty = !building.trim() && !street.trim();
  if (disallowPoBox && (empty || PO_BOX.test(building) || PO_BOX.test(street))) return ADDRESS_MSG.poBox;
  if (empty) return ADDRESS_MSG.insufficient;
  return undefined;
}

/** The names of a mandatory setting (a comma list of field names). */
export const mandatoryNames = (setting: string | undefined): string[] =>
  (setting ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

/** The fields to mark as required: the setting's names without those that are never mandatory. */
export const requiredNames = (setting: string | undefined, never: readonly string[]): string[] =>
  mandatoryNames(setting).filter((name) => !never.includes(name));

/**
 * '{Label} is required' for each empty field a mandatory setting names. County is never mandatory;
 * street neither: with a building it is not needed, and with neither the address rule answers.
 */
export function missingMandatory<K extends string>(
  setting: string | undefined,
  values: Record<K, string>,
  labels: Record<K, string>,
  never: readonly K[],
): Partial<Record<K, string>> {
  const missing: Partial<Record<K, string>> = {};
  for (const name of requiredNames(setting, never)) {
    if (!Object.hasOwn(labels, name)) continue;
    const key = name as K;
    if (values[key].trim()) continue;
    missing[key] = `${labels[key]} is required`;
  }
  return missing;
}
