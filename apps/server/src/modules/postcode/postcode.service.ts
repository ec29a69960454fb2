import type { AuthContext } from '../auth/access';
import { tariffById } from '../customers/customers.repository';
import { isValid, toNormalised } from 'postcode';
import { MSG, type DistanceRequest, type DistanceResponse } from '@courier/contracts';
import { AppError } from '../../lib/app-error';
import { roadMiles, type GeoIndex, type Point, type PostcodePlace } from '../../lib/geo';
import { travelMinutes } from '../pricing/pricing.service';

/** Average speed used when no vehicle is named (a car, tariff 4), mph. */
export const DEFAULT_SPEED_MPH = 30;

/** Only letters, digits and spaces: the check for users with the bypass right (spec "bookings…" §5). */
const LOOSE_POSTCODE = /^[A-Za-z0-9 ]+$/;

/** The message for a post code that is not a UK post code. */
export const BAD_POSTCODE = 'Please enter a valid UK post code';

/** True when `value` passes the booking's post code rule for a user with or without the bypass right. */
export function postcodeAllowed(value: string, bypass: boolean): boolean {
  return bypass ? LOOSE_POSTCODE.test(value) : isValid(value);
}

/** Canonical 'SW1A 1AA' form when valid, else the trimmed upper-case input. */
export const normalisePostcode = (value: string): string =>
  isValid(value) ? toNormalised(value)! : value.trim().toUpperCase();

/** The place of a post code; 422 naming the field and the post code when it is not known. */
export function placeOf(geo: GeoIndex, postcode: string, field: string): PostcodePlace {
  const place = geo.locate(postcode);
  if (!place)
    throw new AppError('BUSINESS_RULE', `${MSG.unknownPostcode} ${postcode}`, {
      [field]: `${MSG.unknownPostcode} ${postcode}`,
    });
  return place;
}

/** Road miles along the postcodes in order (sum of legs), two decimals. */
export function routeMiles(places: Point[]): number {
  let miles = 0;
  for (let i = 1; i < places.length; i++) miles += roadMiles(places[i - 1]!, places[i]!);
  return Math.round(miles * 100) / 100;
}

/** postcode/distance: miles between two post codes and minutes at the vehicle's speed. */
export function distance(geo: GeoIndex, req: DistanceRequest, speedMph: number): DistanceResponse {
  const a = placeOf(geo, req.origin, 'origin');
  const b = placeOf(geo, req.destination, 'destination');
  const miles = routeMiles([a, b]);
  return { distance: miles, time: travelMinutes(miles, speedMph) };
}

/**
 * postcode/distance for a signed-in user (spec "access…" §7): miles and minutes between two post
 * codes at the speed of the chosen tariff's vehicle (ttyp_tariff), else DEFAULT_SPEED_MPH.
 */
export async function distanceFor(
  auth: AuthContext,
  geo: GeoIndex,
  req: DistanceRequest & { ttyp_tariff?: number },
): Promise<DistanceResponse> {
  const tariff = req.ttyp_tariff ? await tariffById(auth.db, req.ttyp_tariff) : undefined;
  return distance(geo, req, tariff?.ttyp_speed_mph ?? DEFAULT_SPEED_MPH);
}
