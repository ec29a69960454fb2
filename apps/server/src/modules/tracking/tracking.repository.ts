import { and, asc, desc, eq, gte, lt, ne, sql, type SQLWrapper } from 'drizzle-orm';
import type { TraceSortColumn } from '@courier/contracts';
import type { Db, Executor } from '../../db/client';
import { namedQuery, type NamedStatement } from '../../db/prepared';
import { docketPhotos, docketSignatures, dockets, stockLines, traceRecords } from '../../db/schema';
import { inScope } from '../dockets/dockets.repository';
import { ACTION_STATUS } from '../driver/action-status';

export type NewTraceRecord = typeof traceRecords.$inferInsert;
export type NewSignature = typeof docketSignatures.$inferInsert;
export type NewPhoto = typeof docketPhotos.$inferInsert;
export type NewStockLine = typeof stockLines.$inferInsert;

/** Appends trace records (one statement); answers their ids in order. */
export async function insertTraceRecords(db: Executor, rows: NewTraceRecord[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const out = await db.insert(traceRecords).values(rows).returning({ dtr_id: traceRecords.dtr_id });
  return out.map((r) => r.dtr_id);
}

/** Stores a signature; answers its id. */
export async function insertSignature(db: Executor, row: NewSignature): Promise<number> {
  const [r] = await db.insert(docketSignatures).values(row).returning({ id: docketSignatures.dsig_id });
  return r!.id;
}

/** Stores a delivery photo; answers its id. */
export async function insertPhoto(db: Executor, row: NewPhoto): Promise<number> {
  const [r] = await db.insert(docketPhotos).values(row).returning({ id: docketPhotos.dpho_id });
  return r!.id;
}

/** Stores stock lines (one statement). */
export async function insertStockLines(db: Executor, rows: NewStockLine[]): Promise<void> {
  if (rows.length) await db.insert(stockLines).values(rows);
}

/** The columns of a trace record (spec "bookings…" §3 Trace record), with its docket's number and first reference. */
const traceColumns = {
  dtr_id: traceRecords.dtr_id,
  dtr_kind: traceRecords.dtr_kind,
  dck_docket: dockets.dck_docket,
  dck_cust_ref1: dockets.dck_cust_ref1,
  drv_driver: traceRecords.drv_driver,
  dtr_scandate: traceRecords.dtr_scandate,
  tloc_description: traceRecords.tloc_description,
  dtr_box: traceRecords.dtr_box,
  dtr_item: traceRecords.dtr_item,
  cg_cust_ref1: traceRecords.cg_cust_ref1,
  cg_reference: traceRecords.cg_reference,
  dab_reference: traceRecords.dab_reference,
  dsts_id: traceRecords.dsts_id,
  dtr_latitude: traceRecords.dtr_latitude,
  dtr_longitude: traceRecords.dtr_longitude,
};

/**
 * SQL text: the trace record `row` (its table or alias) is not a position report, or its driver
 * was at its docket by then: from that driver's first scan of it or its collection (first status
 * change to ACTION_STATUS.collected while theirs), whichever came first; a driver it is handed
 * over to starts again. A driver's positions are recorded on each of their open jobs: before that
 * they are their way through other customers' jobs. One text for the public view's route
 * (trackDetailStatement) and for docket/tracking (traceOf).
 */
const shownPositionSql = (row: string) => `(${row}.dtr_kind <> 'position' or ${row}.dtr_scandate >= (
    select min(c.dtr_scandate) from trace_records c
     where c.dtr_dck_id = ${row}.dtr_dck_id and c.drv_driver = ${row}.drv_driver
       and (c.dtr_kind = 'scan' or c.dtr_kind = 'status' and c.dsts_id = '${ACTION_STATUS.collected}')))`;

/**
 * A docket's trace records, newest first, at most `limit`, with the docket's number and first
 * reference; with `onlyShownPositions`, its position reports only as shownPositionSql allows.
 */
export const traceOf = (db: Executor, dckId: number, limit: number, onlyShownPositions: boolean) =>
  db
    .select(traceColumns)
    .from(traceRecords)
    .innerJoin(dockets, eq(dockets.dck_id, traceRecords.dtr_dck_id))
    .where(
      and(
        eq(traceRecords.dtr_dck_id, dckId),
        onlyShownPositions ? sql.raw(shownPositionSql('"trace_records"')) : undefined,
      ),
    )
    .orderBy(desc(traceRecords.dtr_scandate), desc(traceRecords.dtr_id))
    .limit(limit);

/** The codes scanned on a docket (distinct). */
export async function scannedCodes(db: Executor, dckId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ code: traceRecords.dtr_item })
    .from(traceRecords)
    .where(and(eq(traceRecords.dtr_dck_id, dckId), eq(traceRecords.dtr_kind, 'scan')));
  return rows.map((r) => r.code);
}

/** A docket's stock lines in entry order, each flagged when a scan of the docket named its code. */
export const stockOf = (db: Executor, dckId: number) =>
  db
    .select({
      stk_id: stockLines.stk_id,
      stk_code: stockLines.stk_code,
      stk_description: stockLines.stk_description,
      stk_quantity: stockLines.stk_quantity,
      dtr_box: stockLines.dtr_box,
      scanned: sql<boolean>`exists (select 1 from ${traceRecords} t where t.dtr_dck_id = ${stockLines.stk_dck_id}
        and t.dtr_kind = 'scan' and t.dtr_item = ${stockLines.stk_code})`,
    })
    .from(stockLines)
    .where(eq(stockLines.stk_dck_id, dckId))
    .orderBy(asc(stockLines.stk_id));

/** A docket's signatures, oldest first, without their images. */
export const signaturesOf = (db: Executor, dckId: number) =>
  db
    .select({
      dsig_id: docketSignatures.dsig_id,
      dsig_dadd_id: docketSignatures.dsig_dadd_id,
      drv_driver: docketSignatures.drv_driver,
      dsig_signed_by: docketSignatures.dsig_signed_by,
      dsig_time: docketSignatures.dsig_time,
      dsig_latitude: docketSignatures.dsig_latitude,
      dsig_longitude: docketSignatures.dsig_longitude,
    })
    .from(docketSignatures)
    .where(eq(docketSignatures.dsig_dck_id, dckId))
    .orderBy(asc(docketSignatures.dsig_id));

/** A docket's photos, oldest first, without their bytes. */
export const photosOf = (db: Executor, dckId: number) =>
  db
    .select({
      dpho_id: docketPhotos.dpho_id,
      dpho_dadd_id: docketPhotos.dpho_dadd_id,
      drv_driver: docketPhotos.drv_driver,
      dpho_time: docketPhotos.dpho_time,
      dpho_type: docketPhotos.dpho_type,
    })
    .from(docketPhotos)
    .where(eq(docketPhotos.dpho_dck_id, dckId))
    .orderBy(asc(docketPhotos.dpho_id));

/** One signature's docket and PNG bytes. */
export async function signatureImage(db: Executor, id: number) {
  const rows = await db
    .select({ dck_id: docketSignatures.dsig_dck_id, bytes: docketSignatures.dsig_png })
    .from(docketSignatures)
    .where(eq(docketSignatures.dsig_id, id))
    .limit(1);
  return rows[0] ? { ...rows[0], type: 'image/png' as const } : undefined;
}

/** One photo's docket, media type and bytes. */
export async function photoImage(db: Executor, id: number) {
  const rows = await db
    .select({
      dck_id: docketPhotos.dpho_dck_id,
      bytes: docketPhotos.dpho_bytes,
      type: docketPhotos.dpho_type,
    })
    .from(docketPhotos)
    .where(eq(docketPhotos.dpho_id, id))
    .limit(1);
  return rows[0];
}

/** Filter of a Track and Trace list page: the caller's docket scope, the scan window, sort and page. */
export interface TraceListFilter {
  accountIds: number[];
  /** Own-bookings users: only the dockets they booked or registered from. */
  ownerId?: number;
  /** Scanned at or after `from` and before `to`. */
  from: Date;
  to: Date;
  sort: { column: TraceSortColumn; direction: 'asc' | 'desc' };
  limit: number;
  offset: number;
}

/** The SQL of each sort column of the Track and Trace list. */
const TRACE_SORTS: Record<TraceSortColumn, SQLWrapper> = {
  dck_docket: dockets.dck_docket,
  dtr_scandate: traceRecords.dtr_scandate,
  drv_driver: traceRecords.drv_driver,
  tloc_description: traceRecords.tloc_description,
};

/**
 * One page of the Track and Trace list (spec "bookings…" §2): the scans and status changes (not the
 * position reports, which only draw the route) of the scope's dockets in the window, sorted by the
 * column then the docket number, the newest event first within a docket; filtered, sorted and paged
 * in SQL (the scan-date index bounds the window).
 */
export function traceList(db: Executor, f: TraceListFilter) {
  const dir = f.sort.direction === 'asc' ? asc : desc;
  const order =
    f.sort.column === 'dck_docket'
      ? [dir(dockets.dck_docket)]
      : [dir(TRACE_SORTS[f.sort.column]), desc(dockets.dck_docket)];
  return db
    .select({
      ...traceColumns,
      dck_id: dockets.dck_id,
      tracking_reference: dockets.tracking_reference,
      signatures: sql<boolean>`exists (select 1 from ${docketSignatures} s where s.dsig_dck_id = ${dockets.dck_id})`,
      hasStock: sql<boolean>`exists (select 1 from ${stockLines} k where k.stk_dck_id = ${dockets.dck_id})`,
    })
    .from(traceRecords)
    .innerJoin(dockets, eq(dockets.dck_id, traceRecords.dtr_dck_id))
    .where(
      and(
        inScope(f),
        ne(traceRecords.dtr_kind, 'position'),
        gte(traceRecords.dtr_scandate, f.from),
        lt(traceRecords.dtr_scandate, f.to),
      ),
    )
    .orderBy(...order, desc(traceRecords.dtr_scandate), desc(traceRecords.dtr_id))
    .limit(f.limit)
    .offset(f.offset);
}

/** ISO 8601 in UTC with milliseconds, as Date.toISOString() writes it, of a timestamptz expression. */
const isoSql = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** What trackDetailOf answers: the guest flag always; the rest null or empty for an unknown reference. */
export interface TrackDetailRecord {
  /** general.GuestAccessAllowed of the tenant (null when unset). */
  guest: string | null;
  /** The tenant's tracking settings that narrow what guests see (settings group default, by key). */
  tracking: Record<string, string>;
  dck_id: number | null;
  dsts_complete: string | null;
  /** The version of all this (trackVersionOf's), read in the same snapshot. */
  version: string | null;
  /** The public timeline (scans and status changes, not positions), newest first, dates ISO. */
  timeline: {
    dtr_id: number;
    dtr_kind: string;
    dtr_scandate: string;
    tloc_description: string;
    dtr_box: string;
    dtr_item: string;
    dsts_description: string | null;
    dsts_color: string | null;
    dsts_font_color: string | null;
  }[];
  /**
   * The positions of its trace records (any kind with coordinates), oldest first; position reports
   * only from their driver's first scan of it or its collection on (shownPositionSql). A
   * driver's positions are recorded on each of their open jobs: before that they are their way
   * through other customers' jobs.
   */
  route: { lat: number; lon: number }[];
  /** Its address coordinates in booking order (null where unknown). */
  ends: { lat: number | null; lon: number | null }[];
  /** Its stock lines as stockOf answers them. */
  stock: {
    stk_id: number;
    stk_code: string;
    stk_description: string;
    stk_quantity: number;
    dtr_box: string;
    scanned: boolean;
  }[];
  signatures: { dsig_id: number; dsig_signed_by: string; dsig_time: string }[];
  photos: { dpho_id: number; dpho_time: string }[];
}

/**
 * The version of what docket `d`'s public tracking view shows (SQL, over the row `d`): the docket
 * row's own version (xmin), the settings and lookups' (context_versions 'lookups': status names and
 * colours) and its trace records' count (they are only ever inserted). Any write to the view's
 * other rows (addresses, stock lines, signatures, photos) gives the docket row a new version in its
 * own transaction (the touch_tracked_dockets triggers, migration 0021). Equal versions, equal views.
 */
const trackVersionSql = `concat_ws(':', d.xmin::text,
    (select ctx_version from context_versions where ctx_name = 'lookups'),
    (select count(*) from trace_records r where r.dtr_dck_id = d.dck_id))`;

/** The docket of a tracking reference and its view's version (see trackVersionSql). */
export interface TrackVersionRecord {
  dck_id: number | null;
  version: string | null;
}

const guestFlagSql = `(select sett_value from settings
      where sett_group = 'general' and sett_key = 'GuestAccessAllowed' and sett_cust_id = 0) as guest,
    (select coalesce(json_object_agg(sett_key, sett_value), '{}') from settings
      where sett_group = 'default' and sett_cust_id = 0
        and sett_key in ('aset_web_tracking', 'aset_track_map', 'aset_track_stock', 'aset_track_signatures')) as tracking`;

const trackVersionStatement: NamedStatement = {
  name: 'track_version',
  text: `select d.dck_id, case when d.dck_id is null then null else ${trackVersionSql} end as version
  from (select 1) one
  left join dockets d on d.tracking_reference = $1`,
};

/**
 * What checks a kept public tracking view in one small statement: the docket the reference names
 * (null when none) and the version of its view, as trackDetailOf answers it. The settings are not
 * read: they are part of the version (context_versions 'lookups'), so an unchanged version means
 * the guest flags the kept view was served under still hold.
 */
export async function trackVersionOf(db: Db, ref: string): Promise<TrackVersionRecord> {
  const [row] = await namedQuery<TrackVersionRecord>(db, trackVersionStatement, [ref]);
  return row!;
}

const trackDetailStatement: NamedStatement = {
  name: 'track_detail',
  text: `select ${guestFlagSql},
    d.dck_id, s.dsts_complete, case when d.dck_id is null then null else ${trackVersionSql} end as version,
    (select coalesce(json_agg(json_build_object(
              'dtr_id', t.dtr_id, 'dtr_kind', t.dtr_kind, 'dtr_scandate', ${isoSql('t.dtr_scandate')},
              'tloc_description', t.tloc_description, 'dtr_box', t.dtr_box, 'dtr_item', t.dtr_item,
              'dsts_description', st.dsts_description, 'dsts_color', st.dsts_color,
              'dsts_font_color', st.dsts_font_color) order by t.dtr_scandate desc, t.dtr_id desc), '[]')
       from (select * from (select * from trace_records
                             where dtr_dck_id = d.dck_id and dtr_kind <> 'position' offset 0) own
              order by dtr_scandate desc, dtr_id desc limit $2) t
       left join docket_statuses st on st.dsts_id = t.dsts_id) as timeline,
    (select coalesce(json_agg(json_build_object('lat', p.dtr_latitude, 'lon', p.dtr_longitude)
              order by p.dtr_scandate, p.dtr_id), '[]')
       from (select * from (select r.dtr_latitude, r.dtr_longitude, r.dtr_scandate, r.dtr_id from trace_records r
                             where r.dtr_dck_id = d.dck_id and r.dtr_latitude is not null
                               and r.dtr_longitude is not null
                               and ${shownPositionSql('r')} offset 0) own
              order by dtr_scandate desc, dtr_id desc limit $3) p) as route,
    (select coalesce(json_agg(json_build_object('lat', a.dadd_latitude, 'lon', a.dadd_longitude)
              order by a.dadd_seq), '[]')
       from docket_addresses a where a.dadd_dck_id = d.dck_id) as ends,
    (select coalesce(json_agg(json_build_object(
              'stk_id', k.stk_id, 'stk_code', k.stk_code, 'stk_description', k.stk_description,
              'stk_quantity', k.stk_quantity, 'dtr_box', k.dtr_box,
              'scanned', exists (select 1 from trace_records t where t.dtr_dck_id = k.stk_dck_id
                                   and t.dtr_kind = 'scan' and t.dtr_item = k.stk_code)) order by k.stk_id), '[]')
       from stock_lines k where k.stk_dck_id = d.dck_id) as stock,
    (select coalesce(json_agg(json_build_object('dsig_id', g.dsig_id, 'dsig_signed_by', g.dsig_signed_by,
              'dsig_time', ${isoSql('g.dsig_time')}) order by g.dsig_id), '[]')
       from docket_signatures g where g.dsig_dck_id = d.dck_id) as signatures,
    (select coalesce(json_agg(json_build_object('dpho_id', h.dpho_id, 'dpho_time', ${isoSql('h.dpho_time')})
              order by h.dpho_id), '[]')
       from docket_photos h where h.dpho_dck_id = d.dck_id) as photos
  from (select 1) one
  left join dockets d on d.tracking_reference = $1
  left join docket_statuses s on s.dsts_id = d.dck_status`,
};

/**
 * The public tracking view's data of one tracking reference in one statement (one round trip; it
 * was eight): the tenant's guest-access flag and tracking settings, the docket and whether its status is complete, the
 * version of its view (trackVersionOf's), and
 * as JSON its public timeline (at most `timelineLimit`), route (the newest `routeLimit` positions
 * shownPositionSql allows, oldest first), address points, stock,
 * signatures and photos (without images).
 * The docket's trace records are read by its index and only then sorted (`offset 0` keeps the
 * planner from walking the whole table's scan-date index backwards, hoping to meet the docket's
 * newest records soon: in a generic plan it cannot tell a docket's few hundred from the table's millions).
 */
export async function trackDetailOf(
  db: Db,
  ref: string,
  timelineLimit: number,
  routeLimit: number,
): Promise<TrackDetailRecord> {
  const [row] = await namedQuery<TrackDetailRecord>(db, trackDetailStatement, [
    ref,
    timelineLimit,
    routeLimit,
  ]);
  return row!;
}
