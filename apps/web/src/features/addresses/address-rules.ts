import { addressRuleError, missingMandatory, type AddressScheme } from '@courier/contracts';
import { postcodeError } from '../../lib/postcode';

/** The settings and right behind an address's checks. */
export interface AddressCheckRules {
  /** The mandatory setting (Booking.{service type} or AddressBook); undefined for the fallback. */
  mandatory: string | undefined;
  /** config.cfg_disallow_pobox 'T'. */
  disallowPoBox: boolean;
  /** ausr_bypass_pcode_validation 'T': post codes need only letters, digits and spaces. */
  bypassPostcode: boolean;
}

/**
 * The checks the booking and the address book both make of an address, with the server's rules
 * from @courier/contracts (spec "bookings…" §5, "access…" §5): mandatory fields, a typed post code's
 * format, PO box / insufficient address. Answers the field errors and the message the screen
 * notifies: a bad post code first, else the address rule.
 */
export function checkAddressFields<K extends string>(
  scheme: AddressScheme<K>,
  values: Readonly<Record<K, string>>,
  rules: AddressCheckRules,
): { errors: Partial<Record<K, string>>; notice?: string } {
  const errors = missingMandatory(scheme, rules.mandatory, values);
  let notice: string | undefined;
  const postcode = values[scheme.postcode];
  const bad = postcode.trim() ? postcodeError(postcode, rules.bypassPostcode) : null;
  if (bad) notice = errors[scheme.postcode] = bad;
  const rule = addressRuleError(scheme, values, rules.disallowPoBox);
  if (rule) notice ??= errors[scheme.street] = rule;
  return { errors, notice };
}
