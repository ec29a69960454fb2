import {
  addressRoleErrors,
  addressRuleError,
  BOOKING_ADDRESS,
  missingMandatory,
  MSG,
  timeOrderErrors,
  type DocketData,
} from '@courier/contracts';
import { AppError, validationError } from '../../lib/app-error';
import { ukDayAndTime } from '../../lib/dates';
import type { Db } from '../../db/client';
import { BAD_POSTCODE, postcodeAllowed } from '../postcode/postcode.service';
import { settingsByGroup } from '../settings/settings.repository';
import { readBookingContext, type BookingContextRow } from './dockets.repository';

/** The hours-of-operation message of spec "access…" §5, before the day and times. */
export const HOO_MESSAGE = MSG.hoursOfOperation;

/** The booking rules that come from settings. */
export interface BookingRules {
  /** mandatory['Booking.{service type}'], a comma list of dadd_* names; undefined when not set. */
  mandatory: string | undefined;
  extraReferences: boolean;
  hoursActive: boolean;
  hours: Record<string, string>;
  disallowPobox: boolean;
  referenceMessage: string;
  /** The config group (the vehicle capacities, `Capacity.{id}`, among them). */
  config: Record<string, string>;
}

/** The settings groups a booking's rules come from. */
const RULE_GROUPS = ['general', 'mandatory', 'hoo', 'config', 'message'] as const;

/** A booking's rules from its settings ([group, key, value], tenant-wide) and service type. */
function bookingRulesOf(settings: [string, string, string][], servType: string): BookingRules {
  const g = settingsByGroup(RULE_GROUPS, settings);
  return {
    mandatory: g.mandatory![`Booking.${servType}`],
    extraReferences: g.general!.ExtraReferences === 'T',
    hoursActive: g.general!.GlobalHOO === 'T' || g.general!.BookingHOO === 'T',
    hours: g.hoo!,
    disallowPobox: g.config!.cfg_disallow_pobox === 'T',
    config: g.config!,
    referenceMessage: g.message!['Booking.ReferenceRequired'] || '{label} is required.',
  };
}

/**
 * What a booking is checked and priced with, read in one statement (dockets.repository
 * readBookingContext): the settings of its rules, its account's references, its tariff and
 * whether its service type exists.
 */
export const readBookingContextOf = (db: Db, input: DocketData): Promise<BookingContextRow> =>
  readBookingContext(db, {
    groups: RULE_GROUPS,
    custId: input.dck_cust_id,
    tariff: input.dck_tariff,
    servType: input.dck_serv_type,
  });

type Address = DocketData['addresses'][number];

/** PO box and insufficient-address rules, shared with the address book; 422 with the spec's message. */
function addressRule(a: Address, i: number, rules: BookingRules): void {
  const message = addressRuleError(BOOKING_ADDRESS, a, rules.disallowPobox);
  if (message) throw new AppError('BUSINESS_RULE', message, { [`addresses.${i}.dadd_street`]: message });
}

/** Ready and deadline strictly inside the weekday's hours (spec "access…" §5 hours of operation). */
function hoursRule(a: Address, i: number, rules: BookingRules): void {
  if (!rules.hoursActive) return;
  for (const key of ['dadd_ready', 'dadd_deadline'] as const) {
    const value = a[key];
    if (!value) continue;
    const { key: day, name, time } = ukDayAndTime(new Date(value));
    const start = rules.hours[`hoo_${day}_start`] ?? '';
    const end = rules.hours[`hoo_${day}_end`] ?? '';
    const open = start && end && time > start && time < end;
    if (!open) {
      const message = `${HOO_MESSAGE} (${name} ${start || 'closed'}${end ? ` - ${end}` : ''})`;
      throw new AppError('BUSINESS_RULE', message, { [`addresses.${i}.${key}`]: message });
    }
  }
}

/**
 * checkBooking on the booking context it reads (readBookingContextOf) from the tenant's database:
 * for a caller without a session (a paid quote's booking), `bypass` saying whether the post code
 * rule is relaxed.
 */
export async function validateBookingOn(db: Db, bypass: boolean, input: DocketData): Promise<BookingRules> {
  return checkBooking(await readBookingContextOf(db, input), bypass, input);
}

/**
 * Every booking rule of spec "bookings…" §5 that the schema cannot check: post codes by the
 * bypass right, mandatory fields by service type, first address collects and last delivers, ready before deadline and collection before
 * delivery, references (required flags, the account's list), PO box, insufficient address, hours
 * of operation, on the booking's context already read (readBookingContextOf); `bypass`: the user's
 * post code bypass right. 400 naming fields, or 422 for business rules. Returns the rules.
 */
export function checkBooking(context: BookingContextRow, bypass: boolean, input: DocketData): BookingRules {
  const rules = bookingRulesOf(context.settings, input.dck_serv_type);
  const refs = context.refs;
  const fields: Record<string, string> = {};
  input.addresses.forEach((a, i) => {
    if (!postcodeAllowed(a.dadd_postalcode, bypass)) fields[`addresses.${i}.dadd_postalcode`] = BAD_POSTCODE;
    for (const [field, message] of Object.entries(missingMandatory(BOOKING_ADDRESS, rules.mandatory, a)))
      fields[`addresses.${i}.${field}`] = message;
  });
  Object.assign(fields, addressRoleErrors(input.addresses), timeOrderErrors(input.addresses));
  if (refs) {
    for (let n = 1; n <= 6; n++) {
      if (n >= 5 && !rules.extraReferences) continue;
      const field = `dck_cust_ref${n}` as 'dck_cust_ref1';
      const value = input[field];
      const label = refs[`cust_ref${n}_lbl` as keyof typeof refs] as string;
      if (refs[`cust_ref${n}_req` as keyof typeof refs] === 'T' && !value)
        fields[field] = rules.referenceMessage.replace('{label}', label);
      if (n === 5 && value && refs.cust_ref5_fromlist === 'T' && !refs.list5.includes(value))
        fields[field] = `${label} must be chosen from the list`;
    }
  }
  if (Object.keys(fields).length) throw validationError(fields);
  input.addresses.forEach((a, i) => {
    addressRule(a, i, rules);
    hoursRule(a, i, rules);
  });
  return rules;
}
