import { BOOKING_ADDRESS, BOOKING_SETTINGS_GROUPS, MSG } from '@courier/contracts';
import { useQueries, type QueryClient } from '@tanstack/react-query';
import { settingsQuery, type Settings } from '../customers';
import { dayAndTime } from './booking-times';

/** The settings behind the booking's checks (spec "bookings…" §5, "access…" §3 settings groups). */
export interface BookingRules {
  /** mandatory['Booking.{service}']: comma lists of dadd_* names by service type. */
  mandatory: Settings;
  /** general.ExtraReferences 'T': references 5 and 6 are shown and checked. */
  extraReferences: boolean;
  /** general.GlobalHOO or general.BookingHOO 'T': ready and deadline must be within the hours. */
  hoursActive: boolean;
  /** hoo.hoo_{sun..sat}_start/_end, 'HH:mm'; '' is closed. */
  hours: Settings;
  /** config.cfg_disallow_pobox 'T'. */
  disallowPoBox: boolean;
  /** message['Booking.ReferenceRequired'], '{label}' standing for the reference's label. */
  referenceMessage: string;
}

/** The message of spec "bookings…" §5 when a reference's message setting is missing. */
export const DEFAULT_REFERENCE_MESSAGE = '{label} is required.';
/** The mandatory fields of a service type without a setting (the API's own minimum). */
export const DEFAULT_MANDATORY: string = BOOKING_ADDRESS.fallback;
/** Spec "bookings…" §5 hours of operation, before '({day} {start} - {end})'. */
export const HOO_MESSAGE = MSG.hoursOfOperation;

/** The rules until the settings are read: nothing beyond the API's minimum. */
export const NO_RULES: BookingRules = {
  mandatory: {},
  extraReferences: false,
  hoursActive: false,
  hours: {},
  disallowPoBox: false,
  referenceMessage: DEFAULT_REFERENCE_MESSAGE,
};

/** The mandatory setting for a service type. */
export const mandatoryFor = (rules: BookingRules, service: string | null): string =>
  rules.mandatory[`Booking.${service ?? ''}`] ?? DEFAULT_MANDATORY;

/**
 * The hours-of-operation message for a ready or deadline time outside that weekday's hours
 * (strictly after the start, before the end), or undefined.
 */
export function hoursError(rules: BookingRules, value: string | null): string | undefined {
  if (!rules.hoursActive || !value) return undefined;
  const { key, name, time } = dayAndTime(value);
  const start = rules.hours[`hoo_${key}_start`] ?? '';
  const end = rules.hours[`hoo_${key}_end`] ?? '';
  if (start && end && time > start && time < end) return undefined;
  return `${HOO_MESSAGE} (${name} ${start || 'closed'}${end ? ` - ${end}` : ''})`;
}

/** The account's settings groups the screen reads (the server may answer them inside the page). */
const GROUPS = BOOKING_SETTINGS_GROUPS;

/** The five settings groups of an account, as queries (kept while another account's load). */
const useRuleQueries = (custId: number | null) =>
  useQueries({
    queries: GROUPS.map((group) => ({
      ...settingsQuery(group, custId ?? undefined),
      placeholderData: (previous: Settings | undefined) => previous,
    })),
  });

/** Asks for an account's five settings groups ahead of the screen that reads them (a page's warm-up). */
export function prefetchBookingRules(queryClient: QueryClient, custId: number | null): void {
  for (const group of GROUPS) void queryClient.prefetchQuery(settingsQuery(group, custId ?? undefined));
}

/**
 * Whether an account's rules have been read (or failed to be). The booking screen asks for them
 * with its lists and waits for both, so the form is drawn once, not once more per settings group.
 */
export const useBookingRulesSettled = (custId: number | null): boolean =>
  useRuleQueries(custId).every((q) => !q.isPending);

/** The booking rules for an account (its own settings override the global ones); NO_RULES while loading. */
export function useBookingRules(custId: number | null): BookingRules {
  const [general, mandatory, message, hoo, config] = useRuleQueries(custId).map((q) => q.data);
  if (!general || !mandatory || !message || !hoo || !config) return NO_RULES;
  return {
    mandatory,
    extraReferences: general.ExtraReferences === 'T',
    hoursActive: general.GlobalHOO === 'T' || general.BookingHOO === 'T',
    hours: hoo,
    disallowPoBox: config.cfg_disallow_pobox === 'T',
    referenceMessage: message['Booking.ReferenceRequired'] || DEFAULT_REFERENCE_MESSAGE,
  };
}
