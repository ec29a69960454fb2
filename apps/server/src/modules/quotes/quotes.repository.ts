import DataLoader from 'dataloader';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, sqlState, type Db, type Executor } from '../../db/client';
import { namedQuery, type NamedStatement } from '../../db/prepared';
import { paymentAuthorisations, quotes } from '../../db/schema';
import { packTariffs, type FrozenTariff } from './frozen-tariffs';

export type QuoteRow = typeof quotes.$inferSelect;
/** A quote to store: its frozen tariffs are kept in the compact form (packTariffs) by this module. */
export type NewQuote = Omit<typeof quotes.$inferInsert, 'quote_id' | 'quote_tariffs'> & {
  quote_tariffs: FrozenTariff[];
};

/**
 * Stores new quotes, each only while the quote context it was priced with (`ver`) is still the
 * current one (or with no check when `ver` is null): the rows of one JSON array, in one statement.
 * Answers the ids and guid hashes of those stored. The context's version is read once.
 */
const insertQuotesIfCurrentStatement: NamedStatement = {
  name: 'insert_quotes_if_current',
  text: `with relaxed as (select set_config('synchronous_commit', 'off', true) as v)
    insert into quotes (quote_guid_hash, quote_cust_id, quote_ausr_id, quote_state, quote_data,
                          quote_tariffs, quote_tariff, quote_created, quote_expires_at, quote_dck_id)
    select q.h, q.c, q.a, q.s, q.d, q.t, q.tt, q.cr, q.ex, null
      from relaxed, json_to_recordset($1::json)
        as q(h text, c int, a int, s text, d json, t json, tt int, cr timestamptz, ex timestamptz, ver bigint)
     where q.ver is null
        or q.ver = (select ctx_version from context_versions where ctx_name = 'lookups')
    returning quote_id, quote_guid_hash`,
};

/** A new quote waiting for its batch: the row (tariffs packed) and the context version it was priced with. */
interface PendingQuote {
  q: Omit<NewQuote, 'quote_dck_id' | 'quote_tariffs'> & { quote_tariffs: unknown };
  version: string | null;
}

/** The row of json_to_recordset for a pending quote (see insertQuotesIfCurrentStatement). */
const recordOf = ({ q, version }: PendingQuote) => ({
  h: q.quote_guid_hash,
  c: q.quote_cust_id,
  a: q.quote_ausr_id ?? null,
  s: q.quote_state ?? 'priced',
  d: q.quote_data,
  t: q.quote_tariffs,
  tt: q.quote_tariff ?? null,
  cr: q.quote_created,
  ex: q.quote_expires_at,
  ver: version,
});

/** Inserts `batch` in one statement: each quote's id, or undefined when its context had moved on. */
async function insertBatch(db: Db, batch: readonly PendingQuote[]): Promise<(number | undefined)[]> {
  const rows = await namedQuery<{ quote_id: number; quote_guid_hash: string }>(
    db,
    insertQuotesIfCurrentStatement,
    [JSON.stringify(batch.map(recordOf))],
  );
  const ids = new Map(rows.map((r) => [r.quote_guid_hash, r.quote_id]));
  return batch.map((p) => ids.get(p.q.quote_guid_hash));
}

/**
 * Whether a batch failed for one of its rows (PostgreSQL's data and integrity error classes, 22
 * and 23: say, an account deleted meanwhile), not for its connection or the server: only then is
 * each quote written on its own, so that after a lost answer a stored batch is not written twice.
 */
const rowError = (err: unknown) => /^2[23]/.test(sqlState(err) ?? '');

/** The quotes of a batch that failed for a row, each on its own: a bad row fails only its own call. */
const insertEach = (db: Db, batch: readonly PendingQuote[]) =>
  Promise.all(
    batch.map((p) =>
      insertBatch(db, [p]).then(
        ([id]) => id,
        (err: unknown) => err as Error,
      ),
    ),
  );

/**
 * Per tenant database, the loader that gathers the new quotes of concurrent calls into one
 * statement (DataLoader): while one batch is being written the next gathers, so under load a
 * statement stores many quotes, and a lone call is written at once (the next turn of the event
 * loop). One statement and one commit per batch instead of per quote.
 */
const loaders = new WeakMap<Db, DataLoader<PendingQuote, number | undefined>>();
/** Batches written at once per tenant and process; further batches gather until one is done. */
const WRITING_MAX = 2;
function quoteLoaderOf(db: Db): DataLoader<PendingQuote, number | undefined> {
  let loader = loaders.get(db);
  if (loader) return loader;
  let writing = 0;
  const waiting: (() => void)[] = [];
  loader = new DataLoader<PendingQuote, number | undefined>(
    (batch) => {
      writing++;
      return insertBatch(db, batch)
        .catch((err: unknown) => {
          if (rowError(err)) return insertEach(db, batch);
          throw err;
        })
        .finally(() => {
          writing--;
          waiting.shift()?.();
        });
    },
    {
      cache: false,
      maxBatchSize: 100,
      // A lone call goes at once (the next turn of the event loop); under load a batch gathers
      // until one being written is done.
      batchScheduleFn: (send) => (writing < WRITING_MAX ? setImmediate(send) : waiting.push(send)),
    },
  );
  loaders.set(db, loader);
  return loader;
}

/**
 * Stores a new quote (no docket yet), only while the quote context it was priced with is still
 * the current one (`version`, from readQuoteContext; null stores it anyway): its row, or
 * undefined when the context has moved on since (nothing stored). Concurrent calls' quotes are
 * written together, one statement a batch (quoteLoaderOf); each is stored or not on its own.
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
  const stored = { ...q, quote_tariffs: packTariffs(q.quote_tariffs) };
  const id = await quoteLoaderOf(db).load({ q: stored, version });
  if (id === undefined) return undefined;
  return {
    quote_tariff: null,
    quote_ausr_id: null,
    quote_state: 'priced',
    ...stored,
    quote_id: id,
    quote_dck_id: null,
  } as QuoteRow;
}

/** Stores a new quote unless one has its guid hash already; its id, or undefined when one had. */
export async function insertQuoteIfNew(db: Executor, q: NewQuote): Promise<number | undefined> {
  const [row] = await db
    .insert(quotes)
    .values({ ...q, quote_tariffs: packTariffs(q.quote_tariffs) })
    .onConflictDoNothing({ target: quotes.quote_guid_hash })
    .returning({ id: quotes.quote_id });
  return row?.id;
}

/** What one page of the expired-quote purge did (purgeExpiredQuotesPage). */
export interface QuotePurgePage {
  /** The page's last quote id: the next page starts after it. Null when no quote was left. */
  last: number | null;
  /** Whether every quote of the page is not yet past the cut-off: later ids are newer still. */
  allLive: boolean;
  /** Quotes deleted. */
  deleted: number;
}

/**
 * One page of the expired-quote purge (quote-purge.job): the next `size` quotes after id `after`,
 * in id order (the primary key; ids grow as expiries do, so no index of its own is kept up on
 * every guest's quote), of which those that expired before `before`, were never booked and have
 * no card payment in any state are deleted. Booked and paid-for quotes stay: they are the
 * booking's and the payment's record.
 */
export async function purgeExpiredQuotesPage(
  db: Executor,
  after: number,
  before: Date,
  size: number,
): Promise<QuotePurgePage> {
  const [row] = await queryRows<{ last: number | null; live: boolean; deleted: number }>(
    db,
    sql`with page as (
          select quote_id, quote_expires_at from quotes
           where quote_id > ${after} order by quote_id limit ${size}
        ), gone as (
          delete from quotes q using page p
           where q.quote_id = p.quote_id
             and q.quote_expires_at < ${before}
             and q.quote_dck_id is null
             and q.quote_state <> 'booked'
             and not exists (select 1 from payment_authorisations a where a.pauth_quote_id = q.quote_id)
          returning 1
        )
        select (select max(quote_id) from page) as last,
               coalesce((select bool_and(quote_expires_at >= ${before}) from page), false) as live,
               (select count(*)::int from gone) as deleted`,
  );
  return { last: row?.last ?? null, allLive: row?.live ?? false, deleted: row?.deleted ?? 0 };
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
    Pick<QuoteRow, 'quote_state' | 'quote_data' | 'quote_tariff' | 'quote_cust_id' | 'quote_expires_at'>
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
