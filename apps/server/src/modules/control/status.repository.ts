import { and, asc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { likeEscape, queryRows, type Executor } from '../../db/client';
import {
  docketStatuses,
  docketStatusHistory,
  dockets,
  drivers,
  exceptionReasons,
  tariffTypes,
} from '../../db/schema';

/** Every docket status, by id. */
export const listStatuses = (db: Executor) =>
  db.select().from(docketStatuses).orderBy(asc(docketStatuses.dsts_id));

const changeColumns = {
  dck_id: dockets.dck_id,
  dck_docket: dockets.dck_docket,
  dck_status: dockets.dck_status,
  dck_cust_id: dockets.dck_cust_id,
  dck_ausr_id: dockets.dck_ausr_id,
  dck_registered_ausr_id: dockets.dck_registered_ausr_id,
  dck_booked: dockets.dck_booked,
  drv_driver: dockets.drv_driver,
};

/** The fields of a docket that a status change reads, by its number (dck_docket). */
export async function docketByNumber(db: Executor, dckDocket: number) {
  const rows = await db.select(changeColumns).from(dockets).where(eq(dockets.dck_docket, dckDocket)).limit(1);
  return rows[0];
}

/**
 * The fields of a docket that a status change reads, by its id, when it is one of `driver`'s jobs:
 * allocated to them and not complete (the driver page's job list). A delivered, returned or
 * cancelled docket keeps its driver, but the driver can no longer write to it (security probe 6).
 */
export async function docketOfDriver(db: Executor, dckId: number, driver: string) {
  const rows = await db
    .select(changeColumns)
    .from(dockets)
    .innerJoin(docketStatuses, eq(docketStatuses.dsts_id, dockets.dck_status))
    .where(
      and(eq(dockets.dck_id, dckId), eq(dockets.drv_driver, driver), ne(docketStatuses.dsts_complete, 'T')),
    )
    .limit(1);
  return rows[0];
}

/** The status of a docket now (after a refused compare-and-set), with its description. */
export async function currentStatus(db: Executor, dckId: number) {
  const rows = await db
    .select({ dck_status: dockets.dck_status, dsts_description: docketStatuses.dsts_description })
    .from(dockets)
    .innerJoin(docketStatuses, eq(docketStatuses.dsts_id, dockets.dck_status))
    .where(eq(dockets.dck_id, dckId))
    .limit(1);
  return rows[0];
}

/**
 * Compare-and-set: moves the docket to `to` only if it is still in `from`, stamping the status
 * time and, when given, the driver. Undefined when someone else moved it first (the row lock makes
 * a concurrent second writer re-read the status and miss).
 */
export async function setStatusIf(
  db: Executor,
  change: { dckId: number; from: string; to: string; time: Date; driver?: string },
) {
  const rows = await db
    .update(dockets)
    .set({
      dck_status: change.to,
      dck_status_time: change.time,
      ...(change.driver ? { drv_driver: change.driver } : {}),
    })
    .where(and(eq(dockets.dck_id, change.dckId), eq(dockets.dck_status, change.from)))
    .returning({
      dck_id: dockets.dck_id,
      dck_docket: dockets.dck_docket,
      dck_status: dockets.dck_status,
      dck_status_time: dockets.dck_status_time,
      drv_driver: dockets.drv_driver,
    });
  return rows[0];
}

export type NewStatusHistory = typeof docketStatusHistory.$inferInsert;

/** Appends a status history row; call in the transaction of the change. */
export async function insertStatusHistory(db: Executor, row: NewStatusHistory): Promise<void> {
  await db.insert(docketStatusHistory).values(row);
}

/** A docket's status history, oldest first. */
export const statusHistoryOf = (db: Executor, dckId: number) =>
  db
    .select()
    .from(docketStatusHistory)
    .where(eq(docketStatusHistory.dsh_dck_id, dckId))
    .orderBy(asc(docketStatusHistory.dsh_id));

/** One exception reason by code. */
export async function exceptionByCode(db: Executor, code: string) {
  const rows = await db.select().from(exceptionReasons).where(eq(exceptionReasons.exc_code, code)).limit(1);
  return rows[0];
}

/** The active exception reasons, by description. */
export const listExceptions = (db: Executor) =>
  db
    .select({ exc_code: exceptionReasons.exc_code, exc_description: exceptionReasons.exc_description })
    .from(exceptionReasons)
    .where(eq(exceptionReasons.exc_active, 'T'))
    .orderBy(asc(exceptionReasons.exc_description));

const driverColumns = {
  drv_driver: drivers.drv_driver,
  drv_name: drivers.drv_name,
  drv_mobile: drivers.drv_mobile,
  drv_tariff: drivers.drv_tariff,
  ttyp_description: tariffTypes.ttyp_description,
  drv_active: sql<'T' | 'F'>`${drivers.drv_active}`,
  drv_pin_set: sql<'T' | 'F'>`case when ${drivers.drv_pin_hash} is null then 'F' else 'T' end`,
};

/** One driver by code. */
export async function driverByCode(db: Executor, code: string) {
  const rows = await db
    .select(driverColumns)
    .from(drivers)
    .innerJoin(tariffTypes, eq(tariffTypes.ttyp_tariff, drivers.drv_tariff))
    .where(eq(drivers.drv_driver, code))
    .limit(1);
  return rows[0];
}

/** Drivers by name (active only unless `active` is false), matching code or name; at most `limit`. */
export const listDrivers = (db: Executor, f: { active: boolean; search: string; limit: number }) =>
  db
    .select(driverColumns)
    .from(drivers)
    .innerJoin(tariffTypes, eq(tariffTypes.ttyp_tariff, drivers.drv_tariff))
    .where(
      and(
        f.active ? eq(drivers.drv_active, 'T') : undefined,
        f.search
          ? or(
              ilike(drivers.drv_driver, `%${likeEscape(f.search)}%`),
              ilike(drivers.drv_name, `%${likeEscape(f.search)}%`),
            )
          : undefined,
      ),
    )
    .orderBy(asc(drivers.drv_name), asc(drivers.drv_driver))
    .limit(f.limit);

export type DriverValues = typeof drivers.$inferInsert;

/** Creates the driver, or updates the one with its code (its PIN hash only when given). */
export async function upsertDriver(db: Executor, d: DriverValues): Promise<void> {
  await db
    .insert(drivers)
    .values(d)
    .onConflictDoUpdate({
      target: drivers.drv_driver,
      set: {
        drv_name: d.drv_name,
        drv_mobile: d.drv_mobile,
        drv_tariff: d.drv_tariff,
        drv_active: d.drv_active,
        ...(d.drv_pin_hash ? { drv_pin_hash: d.drv_pin_hash } : {}),
      },
    });
}

/** A driver's open jobs: dockets allocated to them whose status is not complete. */
export async function openJobsOf(db: Executor, driver: string): Promise<number> {
  const rows = await queryRows<{ n: string }>(
    db,
    sql`select count(*) as n from dockets d join docket_statuses s on s.dsts_id = d.dck_status
         where d.drv_driver = ${driver} and s.dsts_complete <> 'T'`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** The fields of a docket that a status change reads, for every open (not complete) job of `driver`. */
export const openDocketsOfDriver = (db: Executor, driver: string) =>
  db
    .select(changeColumns)
    .from(dockets)
    .innerJoin(docketStatuses, eq(docketStatuses.dsts_id, dockets.dck_status))
    .where(and(eq(dockets.drv_driver, driver), sql`${docketStatuses.dsts_complete} <> 'T'`));
