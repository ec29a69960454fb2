import { and, asc, eq, gt, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
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
