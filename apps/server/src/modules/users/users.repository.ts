import { and, eq, gt, isNull } from 'drizzle-orm';
import { isUniqueViolation, type Executor } from '../../db/client';

/** Thrown by insertRegisteredUser when the username is taken (a race the earlier look-up missed). */
export class LogonTaken extends Error {}
import { customers, dockets, registrationTokens, userAccounts, users } from '../../db/schema';

/** The fields of a docket that registration needs. */
export async function docketForRegistration(db: Executor, dckId: number) {
  const rows = await db
    .select({
      dck_id: dockets.dck_id,
      dck_cust_id: dockets.dck_cust_id,
      dck_registered_ausr_id: dockets.dck_registered_ausr_id,
      dck_contact: dockets.dck_contact,
      dck_telephone: dockets.dck_telephone,
      cust_mop: customers.cust_mop,
      /** The booker's price right; null for a guest's booking (the quote wizard) or a deleted booker. */
      booker_price: users.ausr_rights_price,
      dck_ausr_id: dockets.dck_ausr_id,
    })
    .from(dockets)
    .innerJoin(customers, eq(customers.cust_id, dockets.dck_cust_id))
    .leftJoin(users, eq(users.ausr_id, dockets.dck_ausr_id))
    .where(eq(dockets.dck_id, dckId))
    .limit(1);
  return rows[0];
}

/** Stores the hash of a booking's registration secret (inside the booking's transaction). */
export async function insertRegistrationToken(
  db: Executor,
  t: { dckId: number; tokenHash: string; email: string; expires: Date },
): Promise<void> {
  await db.insert(registrationTokens).values({
    rtok_dck_id: t.dckId,
    rtok_token_hash: t.tokenHash,
    rtok_email: t.email,
    rtok_expires: t.expires,
  });
}

/** The unused, unexpired registration secret with this hash for this docket, or undefined. */
export async function liveRegistrationToken(db: Executor, dckId: number, tokenHash: string, now: Date) {
  const rows = await db
    .select({ rtok_id: registrationTokens.rtok_id, rtok_email: registrationTokens.rtok_email })
    .from(registrationTokens)
    .where(
      and(
        eq(registrationTokens.rtok_token_hash, tokenHash),
        eq(registrationTokens.rtok_dck_id, dckId),
        isNull(registrationTokens.rtok_used),
        gt(registrationTokens.rtok_expires, now),
      ),
    )
    .limit(1);
  return rows[0];
}

/**
 * Marks a registration secret used; false when another request used it first. A conditional
 * update, so of two concurrent registrations the database lets exactly one through.
 */
export async function useRegistrationToken(db: Executor, rtokId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(registrationTokens)
    .set({ rtok_used: now })
    .where(and(eq(registrationTokens.rtok_id, rtokId), isNull(registrationTokens.rtok_used)))
    .returning({ id: registrationTokens.rtok_id });
  return rows.length === 1;
}

/**
 * A self-registered customer user: booking, history, price, trace and own details, linked to the
 * booking's account but limited to their own bookings (`ausr_own_bookings`).
 */
export async function insertRegisteredUser(
  db: Executor,
  u: Pick<
    typeof users.$inferInsert,
    'ausr_logon' | 'ausr_password' | 'ausr_firstname' | 'ausr_lastname' | 'ausr_email' | 'ausr_telephone'
  > & {
    ausr_cust_id: number;
    /** The booking right: given only on an account that pays by card (see register.service). */
    ausr_rights_booking: 'T' | 'F';
    /** The price right: as the booking right (see register.service). */
    ausr_rights_price: 'T' | 'F';
  },
): Promise<number> {
  const inserted = db
    .insert(users)
    .values({
      ...u,
      ausr_state: 'new',
      ausr_own_bookings: 'T',
      ausr_rights_history: 'T',
      ausr_rights_trace: 'T',
      ausr_rights_password: 'T',
      ausr_booking_summary: 'T',
      ausr_booking_complete: 'T',
    })
    .returning({ ausr_id: users.ausr_id });
  const [row] = await inserted.catch((err: unknown) => {
    throw isUniqueViolation(err) ? new LogonTaken() : err;
  });
  await db.insert(userAccounts).values({ uacc_ausr_id: row!.ausr_id, uacc_cust_id: u.ausr_cust_id });
  return row!.ausr_id;
}

/** Records the registered user on the docket; false when a user already registered from it. */
export async function markRegistered(db: Executor, dckId: number, ausrId: number): Promise<boolean> {
  const rows = await db
    .update(dockets)
    .set({ dck_registered_ausr_id: ausrId })
    .where(and(eq(dockets.dck_id, dckId), isNull(dockets.dck_registered_ausr_id)))
    .returning({ id: dockets.dck_id });
  return rows.length === 1;
}
