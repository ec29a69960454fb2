/**
 * The booking a visitor registers from: the /register link of the booking confirmation mail, with
 * the spec's prefill parameters (spec "access…" §2 routes: dck_id, dck_email, dck_contact,
 * dck_telephone), the database and the single-use `token` that proves the mail was read.
 */
export interface RegisterParams {
  database: string;
  dck_id: number | null;
  token: string;
  dck_email: string;
  dck_contact: string;
  dck_telephone: string;
}

/** Reads the /register link's query parameters. */
export function readRegisterParams(params: URLSearchParams): RegisterParams {
  const id = Number(params.get('dck_id'));
  const text = (name: string) => (params.get(name) ?? '').trim();
  return {
    database: text('database'),
    dck_id: Number.isInteger(id) && id > 0 ? id : null,
    token: text('token'),
    dck_email: text('dck_email'),
    dck_contact: text('dck_contact'),
    dck_telephone: text('dck_telephone'),
  };
}

/** True when the link carries what a registration needs (the server decides whether it is still good). */
export const completeLink = (p: RegisterParams): p is RegisterParams & { dck_id: number } =>
  p.dck_id !== null && p.token !== '';
