import { and, asc, eq, gt, inArray, ne } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { namedQuery, type NamedStatement } from '../../db/prepared';
import { selectingCodesSql } from '../control/circuits.repository';
import {
  barcodes,
  docketAddresses,
  docketStatuses,
  dockets,
  drivers,
  driverSessions,
  stockLines,
  traceRecords,
} from '../../db/schema';

/** A driver's code, name, active flag and PIN hash (null: no PIN set), for the PIN check. */
export async function driverCredential(db: Executor, code: string) {
  const rows = await db
    .select({
      drv_driver: drivers.drv_driver,
      drv_name: drivers.drv_name,
      drv_active: drivers.drv_active,
      drv_pin_hash: drivers.drv_pin_hash,
    })
    .from(drivers)
    .where(eq(drivers.drv_driver, code))
    .limit(1);
  return rows[0];
}

/** Opens a driver session with the token's SHA-256; answers its id. */
export async function insertDriverSession(
  db: Executor,
  driver: string,
  tokenHash: string,
  now: Date,
  expires: Date,
) {
  const [row] = await db
    .insert(driverSessions)
    .values({
      drv_driver: driver,
      dses_token_hash: tokenHash,
      dses_created: now,
      dses_last_seen: now,
      dses_expires: expires,
    })
    .returning({ dses_id: driverSessions.dses_id });
  return row!.dses_id;
}

/** The live session of this token hash with its driver, when the driver is active; else undefined. */
export async function liveDriverSession(db: Executor, tokenHash: string, now: Date) {
  const rows = await db
    .select({
      dses_id: driverSessions.dses_id,
      dses_last_seen: driverSessions.dses_last_seen,
      dses_expires: driverSessions.dses_expires,
      drv_driver: drivers.drv_driver,
      drv_name: drivers.drv_name,
    })
    .from(driverSessions)
    .innerJoin(drivers, eq(drivers.drv_driver, driverSessions.drv_driver))
    .where(
      and(
        eq(driverSessions.dses_token_hash, tokenHash),
        gt(driverSessions.dses_expires, now),
        eq(drivers.drv_active, 'T'),
      ),
    )
    .limit(1);
  return rows[0];
}

/** Slides a driver session's expiry. */
export async function touchDriverSession(db: Executor, id: number, now: Date, expires: Date): Promise<void> {
  await db
    .update(driverSessions)
    .set({ dses_last_seen: now, dses_expires: expires })
    .where(eq(driverSessions.dses_id, id));
}

/** Ends the driver session of this token hash. */
export async function deleteDriverSession(db: Executor, tokenHash: string): Promise<void> {
  await db.delete(driverSessions).where(eq(driverSessions.dses_token_hash, tokenHash));
}

/** Ends every session of a driver (a new PIN, an inactive driver). */
export async function endDriverSessions(db: Executor, driver: string): Promise<void> {
  await db.delete(driverSessions).where(eq(driverSessions.drv_driver, driver));
}

/** The driver's dockets that are not complete, with their status colours. */
export const openJobs = (db: Executor, driver: string) =>
  db
    .select({
      dck_id: dockets.dck_id,
      dck_docket: dockets.dck_docket,
      dck_status: dockets.dck_status,
      dsts_description: docketStatuses.dsts_description,
      dsts_color: docketStatuses.dsts_color,
      dsts_font_color: docketStatuses.dsts_font_color,
      dck_contact: dockets.dck_contact,
      dck_telephone: dockets.dck_telephone,
      dck_cust_ref1: dockets.dck_cust_ref1,
    })
    .from(dockets)
    .innerJoin(docketStatuses, eq(docketStatuses.dsts_id, dockets.dck_status))
    .where(and(eq(dockets.drv_driver, driver), ne(docketStatuses.dsts_complete, 'T')))
    .orderBy(asc(dockets.dck_docket));

/** The addresses of these dockets, in booking order. */
export const stopsOf = (db: Executor, dckIds: number[]) =>
  db
    .select()
    .from(docketAddresses)
    .where(inArray(docketAddresses.dadd_dck_id, dckIds))
    .orderBy(asc(docketAddresses.dadd_dck_id), asc(docketAddresses.dadd_seq));

/** The barcodes of these dockets. */
export const barcodesOf = (db: Executor, dckIds: number[]) =>
  db
    .select({
      dck_id: barcodes.dab_dck_id,
      dab_barcode: barcodes.dab_barcode,
      dab_reference: barcodes.dab_reference,
    })
    .from(barcodes)
    .where(inArray(barcodes.dab_dck_id, dckIds))
    .orderBy(asc(barcodes.dab_id));

/** The stock lines of these dockets. */
export const stockOfDockets = (db: Executor, dckIds: number[]) =>
  db
    .select({
      dck_id: stockLines.stk_dck_id,
      stk_code: stockLines.stk_code,
      stk_description: stockLines.stk_description,
      stk_quantity: stockLines.stk_quantity,
    })
    .from(stockLines)
    .where(inArray(stockLines.stk_dck_id, dckIds))
    .orderBy(asc(stockLines.stk_id));

/** The distinct codes scanned on these dockets. */
export const scansOf = (db: Executor, dckIds: number[]) =>
  db
    .selectDistinct({ dck_id: traceRecords.dtr_dck_id, code: traceRecords.dtr_item })
    .from(traceRecords)
    .where(and(inArray(traceRecords.dtr_dck_id, dckIds), eq(traceRecords.dtr_kind, 'scan')));

/** What recordPositions answers: the stored answer of the key, or what an earlier call stored under it. */
export interface PositionsOutcome {
  /** `{ recorded }` when this call stored the positions; null when the key was already taken. */
  answer: { recorded: number } | null;
  /** When it stored them: the live notice of each open job (JSON text of DocketNotice), to send. */
  notices: string[];
  /** The request hash and answer stored under the key before this call, when visible. */
  earlier_hash: string | null;
  earlier_answer: { recorded: number } | null;
}

/**
 * driver/position in one statement, its own transaction (no BEGIN/COMMIT, no round trip per step):
 * when the key (idempotency_keys: user 0, `route`, `key`) is new, stores `{ recorded }` under it
 * with the request hash and a position trace record per position per open job of the driver, and
 * answers one live notice per job for the caller to send (the notice of notifyDocketEvents, its
 * circuits by selectingCodesSql; no pg_notify here, see notifyLater). When the key exists, writes nothing and answers what it holds; when a
 * concurrent call holds it uncommitted, waits for it and answers nulls (the caller reads it then).
 *
 * Its commit does not wait for the WAL to reach the disk (synchronous_commit off for this
 * transaction only): the flush per report was the limit of the reports a second. A crash of
 * PostgreSQL itself may lose the reports of its last fraction of a second (at most three times
 * wal_writer_delay), whole: each report's key, records and answer go or stay together, so a
 * replay of a lost one is applied as new, and never twice. Positions are breadcrumbs every 30 s;
 * status changes, scans and signatures keep synchronous commits.
 */
const positionsStatement: NamedStatement = {
  name: 'driver_positions',
  text: `with relaxed as (select set_config('synchronous_commit', 'off', true) as v),
    live as (
      select d.dck_id, d.dck_docket, d.dck_status, d.dck_cust_id, d.dck_ausr_id, d.dck_registered_ausr_id,
             d.dck_booked, d.dck_serv_type
        from dockets d join docket_statuses s on s.dsts_id = d.dck_status
       where d.drv_driver = $5 and s.dsts_complete <> 'T'),
    earlier as (
      select idem_request_hash, idem_response from idempotency_keys
       where idem_ausr_id = 0 and idem_route = $1 and idem_key = $2),
    key as (
      insert into idempotency_keys (idem_ausr_id, idem_route, idem_key, idem_request_hash, idem_response, idem_created)
      select 0, $1, $2, $3,
             jsonb_build_object('recorded', (select count(*) from live) * cardinality($6::timestamptz[])), $4
        from relaxed
       where not exists (select 1 from earlier)
      on conflict do nothing
      returning idem_response),
    ins as (
      insert into trace_records (dtr_dck_id, drv_driver, dtr_kind, dtr_scandate, dtr_recorded, dtr_latitude, dtr_longitude)
      select d.dck_id, $5, 'position', p.t, $4, p.lat, p.lon
        from live d, unnest($6::timestamptz[], $7::float8[], $8::float8[]) with ordinality p(t, lat, lon, i)
       where exists (select 1 from key)
       order by d.dck_id, p.i),
    notices as (
      select json_build_object(
               'kind', 'docket', 'dck_id', d.dck_id, 'dck_docket', d.dck_docket, 'dck_cust_id', d.dck_cust_id,
               'owners', array_remove(array[d.dck_ausr_id, d.dck_registered_ausr_id], null),
               'from', d.dck_status, 'dck_status', d.dck_status, 'event', 'position',
               'circuits', ${selectingCodesSql('$4')})::text as n
        from live d
       where exists (select 1 from key)
       order by d.dck_id)
    select (select idem_response from key) as answer,
           array(select n from notices) as notices,
           (select idem_request_hash from earlier) as earlier_hash,
           (select idem_response from earlier) as earlier_answer`,
};

/** Runs positionsStatement (see there) for the driver's report. */
export async function recordPositions(
  db: Db,
  report: {
    route: string;
    key: string;
    requestHash: string;
    now: Date;
    driver: string;
    positions: { time: Date; dtr_latitude: number; dtr_longitude: number }[];
  },
): Promise<PositionsOutcome> {
  const [row] = await namedQuery<PositionsOutcome>(db, positionsStatement, [
    report.route,
    report.key,
    report.requestHash,
    report.now,
    report.driver,
    report.positions.map((p) => p.time),
    report.positions.map((p) => p.dtr_latitude),
    report.positions.map((p) => p.dtr_longitude),
  ]);
  return row!;
}
