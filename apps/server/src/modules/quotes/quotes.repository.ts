import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { namedQuery, type NamedStatement } from '../../db/prepared';
import { paymentAuthorisations, quotes } from '../../db/schema';

export type QuoteRow = typeof quotes.$inferSelect;
export type NewQuote = Omit<typeof quotes.$inferInsert, 'quote_id'>;

const insertQuoteIfCurrentStatement: NamedStatement = {
  name: 'insert_quote_if_current',
  text: `with relaxed as (select set_config('synchronous_commit', 'off', true) as v)
    insert into quotes (quote_guid_hash, quote_cust_id, quote_ausr_id, quote_state, quote_data,
                          quote_tariffs, quote_tariff, quote_created, quote_expires_at, quote_dck_id)
    select $1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8, $9, null from relaxed
     where $10::bigint is null
        or (select ctx_version from context_versions where ctx_name = 'lookups') = $10::bigint
    returning quote_id`,
};

/**
 * Stores a new quote (no docket yet) in one statement, only while the quote context it was
 * priced with is still the current one (`version`, from readQuoteContext; null stores it
 * anyway): its row, or undefined when the context has moved on since (nothing stored).
 *
 * Its commit does not wait for the WAL flush (synchronous_commit off for this statement's
 * transaction only): a new quote is an offer, not money. A crash of PostgreSQL itself may lose
 * the quotes of its last fraction of a second; their guests get 'not found' and quote again.
 * The first later write of the quote (choosing a tariff) commits synchronously, which flushes the
 * WAL up to it, so a quote that is being paid for is on disk.
 */
export async function insertQuoteIfCurrent(
  db: Db,
  q: Omit<NewQuote, 'quote_dck_id'>,
  version: string | null,
): Promise<QuoteRow | undefined> {
  const rows = await namedQuery<{ quote_id: number }>(db, insertQuoteIfCurrentStatement, [
    q.quote_guid_hash,
    q.quote_cust_id,
    q.quote_ausr_id ?? null,
    q.quote_state ?? 'priced',
    JSON.stringify(q.quote_data),
    JSON.stringify(q.quote_tariffs),
    q.quote_tariff ?? null,
    q.quote_created,
    q.quote_expires_at,
    version,
  ]);
  if (!rows[0]) return undefined;
  return {
    quote_tariff: null,
    quote_ausr_id: null,
    quote_state: 'priced',
    ...q,
    quote_id: rows[0].quote_id,
    quote_dck_id: null,
  } as QuoteRow;
}

/** Stores a new quote unless one has its guid hash already; its id, or undefined when one had. */
export async function insertQuoteIfNew(db: Executor, q: NewQuote): Promise<number | undefined> {
  const [row] = await db
    .insert(quotes)
    .values(q)
    .onConflictDoNothing({ target: quotes.quote_guid_hash })
    .returning({ id: quotes.quote_id });
  return row?.id;
}

/** The quote of an id, or undefined. */
export async function quoteById(db: Executor, quoteId: number): Promise<QuoteRow | undefined> {
  const rows = await db.select().from(quotes).where(eq(quotes.quote_id, quoteId)).limit(1);
  return rows[0];
}

/** The quote whose guid hashes to `hash`, or undefined. */
export async function quoteByGuidHash(db: Executor, hash: string): Promise<QuoteRow | undefined> {
  const rows = await db.select().from(quotes).where(eq(quotes.quote_guid_hash, hash)).limit(1);
  return rows[0];
}

/**
 * The quote, its row locked until the transaction ends (SELECT … FOR UPDATE): fulfilments of one
 * quote run one after another, so the second sees the docket the first wrote.
 */
export async function lockQuote(tx: Executor, quoteId: number): Promise<QuoteRow | undefined> {
  const rows = await tx.select().from(quotes).where(eq(quotes.quote_id, quoteId)).for('update').limit(1);
  return rows[0];
}

/**
 * Updates a quote that is not booked; false when it was booked meanwhile (a conditional update,
 * so a change never lands on a paid quote).
 */
export async function updateOpenQuote(
  db: Executor,
  quoteId: number,
  values: Partial<
    Pick<
      QuoteRow,
      'quote_state' | 'quote_data' | 'quote_tariff' | 'quote_tariffs' | 'quote_cust_id' | 'quote_expires_at'
    >
  >,
): Promise<boolean> {
  const rows = await db
    .update(quotes)
    .set(values)
    .where(and(eq(quotes.quote_id, quoteId), isNull(quotes.quote_dck_id)))
    .returning({ id: quotes.quote_id });
  return rows.length === 1;
}

/** Marks a locked quote booked with its docket (inside the fulfilment's transaction). */
export async function markQuoteBooked(tx: Executor, quoteId: number, dckId: number): Promise<void> {
  await tx
    .update(quotes)
    .set({ quote_state: 'booked', quote_dck_id: dckId })
    .where(eq(quotes.quote_id, quoteId));
}

/** The latest authorisation of a quote, or undefined. */
export async function latestAuthorisation(db: Executor, quoteId: number) {
  const rows = await db
    .select()
    .from(paymentAuthorisations)
    .where(eq(paymentAuthorisations.pauth_quote_id, quoteId))
    .orderBy(desc(paymentAuthorisations.pauth_id))
    .limit(1);
  return rows[0];
}

/** The authorisation of a provider's reference, whichever the provider, or undefined. */
export async function authorisationByRef(db: Executor, reference: string) {
  const rows = await db
    .select()
    .from(paymentAuthorisations)
    .where(eq(paymentAuthorisations.pauth_reference, reference))
    .limit(1);
  return rows[0];
}

/** A quote's authorisation of a provider reference, or undefined. */
export async function authorisationOf(db: Executor, quoteId: number, reference: string) {
  const rows = await db
    .select()
    .from(paymentAuthorisations)
    .where(
      and(
        eq(paymentAuthorisations.pauth_quote_id, quoteId),
        eq(paymentAuthorisations.pauth_reference, reference),
      ),
    )
    .limit(1);
  return rows[0];
}
