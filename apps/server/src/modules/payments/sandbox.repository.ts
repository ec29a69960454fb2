import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sandboxPayments } from '../../db/schema';

export type SandboxRow = typeof sandboxPayments.$inferSelect;

/** Opens a sandbox payment (the sandbox's own book, as a real provider keeps its own). */
export async function insertSandboxPayment(
  db: Executor,
  row: typeof sandboxPayments.$inferInsert,
): Promise<void> {
  await db.insert(sandboxPayments).values(row);
}

export async function sandboxPayment(db: Executor, reference: string): Promise<SandboxRow | undefined> {
  const rows = await db
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.sbx_reference, reference))
    .limit(1);
  return rows[0];
}

/**
 * Closes an open sandbox payment as authorised, declined or cancelled, or releases an authorised
 * one (cancelled); false when it was in none of `from`. A conditional update: one card wins.
 */
export async function closeSandboxPayment(
  db: Executor,
  reference: string,
  state: 'authorised' | 'declined' | 'cancelled',
  last4?: string,
  from: string[] = ['open'],
): Promise<boolean> {
  const rows = await db
    .update(sandboxPayments)
    .set({ sbx_state: state, ...(last4 ? { sbx_card_last4: last4 } : {}) })
    .where(and(eq(sandboxPayments.sbx_reference, reference), inArray(sandboxPayments.sbx_state, from)))
    .returning({ ref: sandboxPayments.sbx_reference });
  return rows.length === 1;
}
