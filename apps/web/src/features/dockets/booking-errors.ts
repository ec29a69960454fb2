import { ADDRESS_MSG, MSG } from '@courier/contracts';
import type { ApiError } from '../../lib/api-client';
import { HOO_MESSAGE } from './booking-rules';
import type { Notice } from './booking-validation';

/** Server messages that the error catalogue files under 'Booking' (post code, PO box, insufficient). */
const BOOKING_MESSAGES: string[] = [ADDRESS_MSG.poBox, ADDRESS_MSG.insufficient];
const UNKNOWN_POSTCODE = MSG.unknownPostcode;

/**
 * The notification for a failed quote or booking (spec "bookings…" §8): 'Addresses' and 'Parcels'
 * for their messages, 'Hours of Operation' for the hours, 'Booking' for post code, PO box and
 * insufficient address and for field errors, else `fallback` ('Pricing Docket', 'Submit Error').
 */
export function bookingErrorNotice(error: ApiError, fallback: string): Notice {
  const { message } = error;
  if (message === MSG.twoAddresses) return { title: 'Addresses', message };
  if (message === MSG.oneParcel) return { title: 'Parcels', message };
  if (message.startsWith(HOO_MESSAGE)) return { title: 'Hours of Operation', message };
  if (BOOKING_MESSAGES.includes(message) || message.startsWith(UNKNOWN_POSTCODE))
    return { title: 'Booking', message };
  const firstField = error.fields ? Object.values(error.fields)[0] : undefined;
  if (error.status === 400 && firstField) return { title: 'Booking', message: firstField };
  return { title: fallback, message };
}
