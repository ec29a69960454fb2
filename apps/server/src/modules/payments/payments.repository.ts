import { and, eq, inArray } from 'drizzle-orm';
import type { PaymentState } from '@courier/contracts';
import { writeAudit } from '../audit/audit.repository';
import type { Executor } from '../../db/client';
import { paymentAuthorisations } from '../../db/schema';

export type AuthorisationRow = typeof paymentAuthorisations.$inferSelect;

/** Records a started card payment (state pending); returns its id. */
export async function insertAuthorisation(
  db: Executor,
  a: {
    quoteId: number;
    provider: string;
    reference: string;
    amountPence: number;
    currency: string;
    now: Date;
  },
): Promise<number> {
  const [row] = await db
    .insert(paymentAuthorisations)
    .values({
      pauth_quote_id: a.quoteId,
      pauth_provider: a.provider,
      pauth_reference: a.reference,
      pauth_amount_pence: a.amountPence,
      pauth_currency: a.currency,
      pauth_state: 'pending',
      pauth_created: a.now,
      pauth_updated: a.now,
    })
    .returning({ id: paymentAuthorisations.pauth_id });
  return row!.id;
}

/** The authorisation of a provider's reference, or undefined. */
export async function authorisationByReference(
  db: Executor,
  provider: string,
  reference: string,
): Promise<AuthorisationRow | undefined> {
  const rows = await db
    .select()
    .from(paymentAuthorisations)
    .where(
      and(
        eq(paymentAuthorisations.pauth_provider, provider),
        eq(paymentAuthorisations.pauth_reference, reference),
      ),
    )
    .limit(1);
  return rows[0];
}

/** The authorisation, locked until the transaction ends. */
export async function lockAuthorisation(
  tx: Executor,
  pauthId: number,
): Promise<AuthorisationRow | undefined> {
  const rows = await tx
    .select()
    .from(paymentAuthorisations)
    .where(eq(paymentAuthorisations.pauth_id, pauthId))
    .for('update')
    .limit(1);
  return rows[0];
}

/**
 * Moves an authorisation to `state` when it is in one of `from` (a conditional update: an
 * authorised one is never set back); false when it was not.
 */
export async function setAuthorisationState(
  db: Executor,
  pauthId: number,
  from: PaymentState[],
  to: { state: PaymentState | 'voided'; message?: string; dckId?: number; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(paymentAuthorisations)
    .set({
      pauth_state: to.state,
      pauth_updated: to.now,
      ...(to.message === undefined ? {} : { pauth_message: to.message.slice(0, 300) }),
      ...(to.dckId === undefined ? {} : { pauth_dck_id: to.dckId }),
    })
    .where(and(eq(paymentAuthorisations.pauth_id, pauthId), inArray(paymentAuthorisations.pauth_state, from)))
    .returning({
      pauth_quote_id: paymentAuthorisations.pauth_quote_id,
      pauth_provider: paymentAuthorisations.pauth_provider,
      pauth_reference: paymentAuthorisations.pauth_reference,
      pauth_amount_pence: paymentAuthorisations.pauth_amount_pence,
      pauth_dck_id: paymentAuthorisations.pauth_dck_id,
    });
  const changed = rows[0];
  // Every change of an authorisation's state is in the log (issue 12 §4), in the same transaction.
  if (changed)
    await writeAudit(db, {
      user: 'payment',
      unit: 'payment',
      process: `authorisation ${to.state}`,
      type: to.state === 'declined' || to.state === 'failed' ? 'warning' : 'info',
      detail: { ...changed, pauth_state: to.state, pauth_message: to.message ?? '' },
    });
  return changed !== undefined;
}

/** The pending authorisations of a quote (to abandon when the quote changes). */
export const pendingOf = (db: Executor, quoteId: number) =>
  db
    .select()
    .from(paymentAuthorisations)
    .where(
      and(
        eq(paymentAuthorisations.pauth_quote_id, quoteId),
        eq(paymentAuthorisations.pauth_state, 'pending'),
      ),
    );
