/** The booking a visitor registers from: the /register query parameters (spec "access…" §2 routes). */
export interface RegisterParams {
  dck_id: number | null;
  tracking_reference: string;
  dck_email: string;
  dck_contact: string;
  dck_telephone: string;
}

/**
 * Reads dck_id, dck_email, dck_contact and dck_telephone (spec "access…" §2) and the booking's
 * tracking_reference, which the server asks for as proof of the booking.
 */
export function readRegisterParams(params: URLSearchParams): RegisterParams {
  const id = Number(params.get('dck_id'));
  const text = (name: string) => (params.get(name) ?? '').trim();
  return {
    dck_id: Number.isInteger(id) && id > 0 ? id : null,
    tracking_reference: text('tracking_reference').toUpperCase(),
    dck_email: text('dck_email'),
    dck_contact: text('dck_contact'),
    dck_telephone: text('dck_telephone'),
  };
}

/** True when the parameters name a booking (the server checks that it may register). */
export const namesBooking = (p: RegisterParams): boolean => p.dck_id !== null && p.tracking_reference !== '';
