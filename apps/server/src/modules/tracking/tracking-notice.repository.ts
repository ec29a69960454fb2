import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import { docketNotices, dockets, NOTICE_EVENTS, settings } from '../../db/schema';

export type NoticeEvent = (typeof NOTICE_EVENTS)[number];

/**
 * Queues the e-mail notice of a docket's event, inside the status change's transaction: only when
 * the tenant's general.TrackingMail is 'T' and the docket names an e-mail address. The unique key
 * (docket, event) makes a second queueing of the same event a no-op. True when a notice was queued.
 */
export async function queueNotice(
  db: Executor,
  dckId: number,
  event: NoticeEvent,
  now: Date,
): Promise<boolean> {
  const rows = await queryRows<{ dnot_id: number }>(
    db,
    sql`
    insert into ${docketNotices} (dnot_dck_id, dnot_event, dnot_created)
    select ${dckId}, ${event}, ${now.toISOString()}::timestamptz
     where exists (select 1 from ${dockets} where dck_id = ${dckId} and btrim(dck_email) <> '')
       and exists (select 1 from ${settings} where sett_group = 'general' and sett_key = 'TrackingMail'
                   and sett_cust_id = 0 and sett_value = 'T')
    on conflict (dnot_dck_id, dnot_event) do nothing
    returning dnot_id`,
  );
  return rows.length > 0;
}

/** A claimed notice with what its mail says. */
export interface ClaimedNotice {
  dnot_id: number;
  dnot_event: NoticeEvent;
  dck_docket: number;
  dck_email: string;
  tracking_reference: string;
}

/**
 * Claims up to `limit` notices not yet sent, not claimed since `staleBefore` (a sender that died
 * mid-way) and tried fewer than `maxAttempts` times, oldest first; each is claimed by one caller
 * only (skip locked), so two senders never mail the same notice.
 */
export async function claimNotices(
  db: Executor,
  now: Date,
  staleBefore: Date,
  maxAttempts: number,
  limit: number,
): Promise<ClaimedNotice[]> {
  const rows = await queryRows<{
    dnot_id: number;
    dnot_event: NoticeEvent;
    dck_docket: string | number;
    dck_email: string;
    tracking_reference: string;
  }>(
    db,
    sql`
    with picked as (
      select dnot_id from ${docketNotices}
       where dnot_sent is null and dnot_attempts < ${maxAttempts}
         and (dnot_claimed is null or dnot_claimed < ${staleBefore.toISOString()}::timestamptz)
       order by dnot_id limit ${limit} for update skip locked)
    update ${docketNotices} n
       set dnot_claimed = ${now.toISOString()}::timestamptz, dnot_attempts = n.dnot_attempts + 1
      from picked, ${dockets} d
     where n.dnot_id = picked.dnot_id and d.dck_id = n.dnot_dck_id
    returning n.dnot_id, n.dnot_event, d.dck_docket, d.dck_email, d.tracking_reference`,
  );
  return rows.map((r) => ({ ...r, dck_docket: Number(r.dck_docket) }));
}

/** Marks a claimed notice sent. */
export async function markSent(db: Executor, id: number, now: Date): Promise<void> {
  await db.execute(
    sql`update ${docketNotices} set dnot_sent = ${now.toISOString()}::timestamptz where dnot_id = ${id}`,
  );
}

/** Releases a claimed notice whose mail failed, for another try. */
export async function release(db: Executor, id: number): Promise<void> {
  await db.execute(sql`update ${docketNotices} set dnot_claimed = null where dnot_id = ${id}`);
}
