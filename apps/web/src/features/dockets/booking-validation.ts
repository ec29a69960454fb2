import {
  BOOKING_ADDRESS,
  EMAIL_LIST_MESSAGE,
  isEmailList,
  MSG,
  passedDeadlineErrors,
  timeOrderErrors,
  addressRoleErrors,
  ADDRESS_ROLE_MSG,
  type CustomerRow,
} from '@courier/contracts';
import { checkAddressFields } from '../addresses';
import { hoursError, mandatoryFor, type BookingRules } from './booking-rules';
import { pickerToIso } from './booking-times';
import {
  REFERENCE_NUMBERS,
  referenceField,
  type AddressValues,
  type BookingValues,
  type ReferenceNumber,
} from './booking-values';

/** What the checks need besides the values. */
export interface ValidationContext {
  rules: BookingRules;
  account: CustomerRow | undefined;
  /** ausr_bypass_pcode_validation 'T': post codes need only letters, digits and spaces. */
  bypassPostcode: boolean;
}

/** A notification of the error catalogue (spec "bookings…" §8), `title: message`. */
export interface Notice {
  title: string;
  message: string;
}

/** Field errors by form path, and the first notification the problems call for. */
export interface Problems {
  errors: Record<string, string>;
  notice?: Notice;
}

/** A reference's label and required flag from the account (spec "bookings…" §3 Customer). */
export function referenceOf(account: CustomerRow | undefined, n: ReferenceNumber) {
  const label = account?.[`cust_ref${n}_lbl`] || `Reference ${n}`;
  return { label, required: account?.[`cust_ref${n}_req`] === 'T' };
}

/** References 1–4, and 5 and 6 with the ExtraReferences setting (spec "bookings…" §2, §5). */
export const shownReferences = (rules: BookingRules): ReferenceNumber[] =>
  REFERENCE_NUMBERS.filter((n) => n <= 4 || rules.extraReferences);

function checkAddress(a: AddressValues, i: number, v: BookingValues, ctx: ValidationContext, out: Problems) {
  const at = (field: string) => `addresses.${i}.${field}`;
  const notify = (notice: Notice) => (out.notice ??= notice);
  // Town and post code are the API's minimum, whatever the service type's setting.
  if (!a.dadd_town.trim()) out.errors[at('dadd_town')] = 'Town is required';
  if (!a.dadd_postalcode.trim()) out.errors[at('dadd_postalcode')] = 'Post code is required';
  const { errors, notice } = checkAddressFields(BOOKING_ADDRESS, a, {
    mandatory: mandatoryFor(ctx.rules, v.dck_serv_type),
    disallowPoBox: ctx.rules.disallowPoBox,
    bypassPostcode: ctx.bypassPostcode,
  });
  Object.entries(errors).forEach(([field, message]) => (out.errors[at(field)] = message));
  if (notice) notify({ title: 'Booking', message: notice });
  if (!isEmailList(a.dadd_email)) out.errors[at('dadd_email')] = EMAIL_LIST_MESSAGE;
  for (const field of ['dadd_ready', 'dadd_deadline'] as const) {
    const hours = hoursError(ctx.rules, a[field]);
    if (hours) {
      out.errors[at(field)] = hours;
      notify({ title: 'Hours of Operation', message: hours });
    }
  }
}

/** A picker value (UK wall time) as milliseconds, for the time-order rule. */
const readTime = (value: string): number => Date.parse(pickerToIso(value));

/**
 * The client's copy of the booking checks of spec "bookings…" §5 (the server checks again): account
 * and vehicle, required references with the message setting, e-mail lists, per address the town,
 * post code format, mandatory fields by service type, PO box / insufficient address, hours of
 * operation and times in order (the rules shared with the server, from @courier/contracts), at
 * least two addresses and one parcel, whole quantities and weights.
 */
export function validateBooking(v: BookingValues, ctx: ValidationContext): Problems {
  const out: Problems = { errors: {} };
  if (!v.dck_cust_id) out.errors.dck_cust_id = 'Account is required';
  if (!v.dck_tariff) out.errors.dck_tariff = 'Vehicle / tariff is required';
  for (const n of shownReferences(ctx.rules)) {
    const { label, required } = referenceOf(ctx.account, n);
    if (required && !v[referenceField(n)].trim())
      out.errors[referenceField(n)] = ctx.rules.referenceMessage.replace('{label}', label);
  }
  if (!isEmailList(v.dck_email)) out.errors.dck_email = EMAIL_LIST_MESSAGE;
  if (v.addresses.length < 2) out.notice = { title: 'Addresses', message: MSG.twoAddresses };
  const roles = addressRoleErrors(v.addresses);
  Object.assign(out.errors, roles);
  if (Object.keys(roles).length) out.notice ??= { title: 'Addresses', message: ADDRESS_ROLE_MSG };
  if (v.parcels.length < 1) out.notice ??= { title: 'Parcels', message: MSG.oneParcel };
  v.addresses.forEach((a, i) => checkAddress(a, i, v, ctx, out));
  for (const [field, message] of Object.entries(timeOrderErrors(v.addresses, readTime)))
    out.errors[field] ??= message;
  for (const [field, message] of Object.entries(passedDeadlineErrors(v.addresses, Date.now(), readTime)))
    out.errors[field] ??= message;
  v.parcels.forEach((p, i) => {
    const q = Number(p.dpcl_quantity);
    if (!Number.isInteger(q) || q < 1) out.errors[`parcels.${i}.dpcl_quantity`] = 'Quantity is required';
    const w = Number(p.dpcl_weight);
    if (p.dpcl_weight.trim() === '' || !Number.isFinite(w) || w < 0 || w > 30000)
      out.errors[`parcels.${i}.dpcl_weight`] = 'Weight is required';
  });
  return out;
}
