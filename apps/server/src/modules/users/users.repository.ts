import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { dockets, userAccounts, users } from '../../db/schema';

/** The fields of a docket that registration checks. */
export async function docketForRegistration(db: Executor, dckId: number) {
  const rows = await db
    .select({
      dck_id: dockets.dck_id,
      dck_cust_id: dockets.dck_cust_id,
      dck_booked: dockets.dck_booked,
      tracking_reference: dockets.tracking_reference,
      dck_registered_ausr_id: dockets.dck_registered_ausr_id,
      dck_contact: dockets.dck_contact,
      dck_email: dockets.dck_email,
      dck_telephone: dockets.dck_telephone,
    })
    .from(dockets)
    .where(eq(dockets.dck_id, dckId))
    .limit(1);
  return rows[0];
}

/** A registered customer user: booking, history, price, trace and own details; linked to its account. */
export async function insertRegisteredUser(
  db: Executor,
  u: Pick<
    typeof users.$inferInsert,
    'ausr_logon' | 'ausr_password' | 'ausr_firstname' | 'ausr_lastname' | 'ausr_email' | 'ausr_telephone'
  > & {
    ausr_cust_id: number;
  },
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      ...u,
      ausr_state: 'new',
      ausr_rights_booking: 'T',
      ausr_rights_history: 'T',
      ausr_rights_price: 'T',
      ausr_rights_trace: 'T',
      ausr_rights_password: 'T',
      ausr_booking_summary: 'T',
      ausr_booking_complete: 'T',
    })
    .returning({ ausr_id: users.ausr_id });
  await db.insert(userAccounts).values({ uacc_ausr_id: row!.ausr_id, uacc_cust_id: u.ausr_cust_id });
  return row!.ausr_id;
}

/** Records the registered user on the docket, once. */
export async function markRegistered(db: Executor, dckId: number, ausrId: number): Promise<void> {
  await db
    .update(dockets)
    .set({ dck_registered_ausr_id: ausrId })
    .where(and(eq(dockets.dck_id, dckId), isNull(dockets.dck_registered_ausr_id)));
}
