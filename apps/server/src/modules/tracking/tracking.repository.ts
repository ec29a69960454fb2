import { and, asc, desc, eq, gte, isNotNull, lt, ne, sql, type SQLWrapper } from 'drizzle-orm';
import type { TraceSortColumn } from '@courier/contracts';
import type { Executor } from '../../db/client';
import {
  docketAddresses,
  docketPhotos,
  docketSignatures,
  docketStatuses,
  dockets,
  stockLines,
  traceRecords,
} from '../../db/schema';
import { inScope } from '../dockets/dockets.repository';

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

/** A docket's trace records, newest first, at most `limit`, with the docket's number and first reference. */
export const traceOf = (db: Executor, dckId: number, limit: number) =>
  db
    .select(traceColumns)
    .from(traceRecords)
    .innerJoin(dockets, eq(dockets.dck_id, traceRecords.dtr_dck_id))
    .where(eq(traceRecords.dtr_dck_id, dckId))
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

/**
 * The public timeline of a docket: its scans and status changes (not its position reports), newest
 * first, at most `limit`, each status change with its status's description and colours.
 */
export const publicTimelineOf = (db: Executor, dckId: number, limit: number) =>
  db
    .select({
      dtr_id: traceRecords.dtr_id,
      dtr_kind: traceRecords.dtr_kind,
      dtr_scandate: traceRecords.dtr_scandate,
      tloc_description: traceRecords.tloc_description,
      dtr_box: traceRecords.dtr_box,
      dtr_item: traceRecords.dtr_item,
      dsts_description: docketStatuses.dsts_description,
      dsts_color: docketStatuses.dsts_color,
      dsts_font_color: docketStatuses.dsts_font_color,
    })
    .from(traceRecords)
    .leftJoin(docketStatuses, eq(docketStatuses.dsts_id, traceRecords.dsts_id))
    .where(and(eq(traceRecords.dtr_dck_id, dckId), ne(traceRecords.dtr_kind, 'position')))
    .orderBy(desc(traceRecords.dtr_scandate), desc(traceRecords.dtr_id))
    .limit(limit);

/** The newest `limit` positions of a docket's trace records (any kind with coordinates), newest first. */
export const positionsOf = (db: Executor, dckId: number, limit: number) =>
  db
    .select({ lat: traceRecords.dtr_latitude, lon: traceRecords.dtr_longitude })
    .from(traceRecords)
    .where(
      and(
        eq(traceRecords.dtr_dck_id, dckId),
        isNotNull(traceRecords.dtr_latitude),
        isNotNull(traceRecords.dtr_longitude),
      ),
    )
    .orderBy(desc(traceRecords.dtr_scandate), desc(traceRecords.dtr_id))
    .limit(limit);

/** A docket's address coordinates in booking order (null where unknown). */
export const addressPointsOf = (db: Executor, dckId: number) =>
  db
    .select({ lat: docketAddresses.dadd_latitude, lon: docketAddresses.dadd_longitude })
    .from(docketAddresses)
    .where(eq(docketAddresses.dadd_dck_id, dckId))
    .orderBy(asc(docketAddresses.dadd_seq));

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
