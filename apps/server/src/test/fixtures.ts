import type { DocketAddressInput, DocketInput, DriverInput, StatusChangeRequest } from '@courier/contracts';

/**
 * Typed fixture factories: request bodies as the contracts type them (DocketInput of
 * packages/contracts dockets.ts), so a test's overrides are checked against the API's fields.
 */

/** The collection address of the fixture booking: Piccadilly Plaza, M1 1AE. */
export const collectAddress = (overrides: Partial<DocketAddressInput> = {}): DocketAddressInput => ({
  dadd_addresstype: 0,
  dadd_companyname: 'Piccadilly Plaza',
  dadd_street: 'Portland Street',
  dadd_town: 'Manchester',
  dadd_postalcode: 'M1 1AE',
  ...overrides,
});

/** The delivery address of the fixture booking: Buckingham Palace, SW1A 1AA. */
export const deliverAddress = (overrides: Partial<DocketAddressInput> = {}): DocketAddressInput => ({
  dadd_addresstype: 1,
  dadd_companyname: 'Buckingham Palace',
  dadd_street: 'The Mall',
  dadd_town: 'London',
  dadd_postalcode: 'SW1A 1AA',
  ...overrides,
});

const bookingDefaults = (custId: number) =>
  ({
    dck_cust_id: custId,
    dck_serv_type: 'A',
    dck_tariff: 4,
    dck_cust_ref1: 'PO-TEST-1',
    addresses: [collectAddress(), deliverAddress()] as [DocketAddressInput, DocketAddressInput],
    parcels: [{ dpcl_quantity: 1, dpcl_weight: 2.5 }],
  }) satisfies DocketInput;
type BookingDefaults = ReturnType<typeof bookingDefaults>;

/**
 * A valid two-address booking (docket/post and docket/price body) from M1 1AE to SW1A 1AA for
 * `custId`: one parcel of 2.5 kg, service A, tariff 4. `overrides` replace whole fields.
 */
export function booking<O extends Partial<DocketInput> = object>(
  custId: number,
  overrides: O = {} as O,
): Omit<BookingDefaults, keyof O> & O {
  return { ...bookingDefaults(custId), ...overrides };
}

/** A docket/status/change body: move docket number `docket` from `from` to `status`, plus `overrides`. */
export const statusChange = (
  docket: number,
  from: string,
  status: string,
  overrides: Partial<StatusChangeRequest> = {},
): StatusChangeRequest => ({ docket, from, status, ...overrides });

/** A driver/post body: an active car driver with code `code`. */
export const driver = (code: string, overrides: Partial<DriverInput> = {}): DriverInput => ({
  drv_driver: code,
  drv_name: 'Test Driver',
  drv_mobile: '07700 900999',
  drv_tariff: 4,
  ...overrides,
});

/** Next `weekday` (0 Sunday … 6 Saturday) at hh:mm UK time, as ISO. */
export function nextWeekday(weekday: number, hhmm: string): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + ((weekday - d.getUTCDay() + 7) % 7 || 7));
  const day = d.toISOString().slice(0, 10);
  // Bookings are judged in UK time; use a fixed +00:00/+01:00 offset from the UK clock.
  const offset = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', timeZoneName: 'shortOffset' })
    .formatToParts(new Date(`${day}T12:00:00Z`))
    .find((p) => p.type === 'timeZoneName')!.value;
  // 'GMT' (or 'UTC', 'GMT+0') in winter, 'GMT+1' in summer.
  const hours = Number(/[+-]\d+/.exec(offset)?.[0] ?? 0);
  return `${day}T${hhmm}:00${hours >= 0 ? '+' : '-'}${String(Math.abs(hours)).padStart(2, '0')}:00`;
}
