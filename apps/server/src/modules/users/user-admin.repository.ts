import { asc, desc, eq, getTableColumns, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { UserDetail, UserListRow, UserSortColumn } from '@courier/contracts';
import { isUniqueViolation, likeEscape, type Executor } from '../../db/client';
import {
  businessUnits,
  circuits,
  circuitUsers,
  customers,
  reports,
  sites,
  userAccounts,
  userReports,
  users,
} from '../../db/schema';
import { LogonTaken } from './users.repository';
import { forgetting } from '../../db/live-session-cache';

/** Most rows a link modal offers (a tenant has tens of circuits and reports, its accounts are searched). */
export const CANDIDATES_MAX = 500;

const SORT: Record<UserSortColumn, ReturnType<typeof sql>> = {
  cust_acc_code: sql`coalesce(${customers.cust_acc_code}, '')`,
  cust_name: sql`coalesce(${customers.cust_name}, '')`,
  ausr_logon: sql`${users.ausr_logon}`,
  ausr_firstname: sql`${users.ausr_firstname}`,
  ausr_lastname: sql`${users.ausr_lastname}`,
  ausr_email: sql`${users.ausr_email}`,
};

/** A page of the tenant's users with their default account, searched, sorted and paged in SQL. */
export function userPage(
  db: Executor,
  q: {
    search: string;
    sort: { column: UserSortColumn; direction: 'asc' | 'desc' };
    limit: number;
    offset: number;
  },
): Promise<UserListRow[]> {
  const pattern = `%${likeEscape(q.search)}%`;
  const search = q.search
    ? or(
        ...[
          users.ausr_logon,
          users.ausr_firstname,
          users.ausr_lastname,
          users.ausr_email,
          customers.cust_acc_code,
          customers.cust_name,
        ].map((c) => sql`${c} ilike ${pattern}`),
      )
    : undefined;
  const order = q.sort.direction === 'desc' ? desc : asc;
  return db
    .select({
      ausr_id: users.ausr_id,
      cust_acc_code: sql<string>`coalesce(${customers.cust_acc_code}, '')`,
      cust_name: sql<string>`coalesce(${customers.cust_name}, '')`,
      ausr_logon: users.ausr_logon,
      ausr_firstname: users.ausr_firstname,
      ausr_lastname: users.ausr_lastname,
      ausr_email: users.ausr_email,
    })
    .from(users)
    .leftJoin(customers, eq(customers.cust_id, users.ausr_cust_id))
    .where(search)
    .orderBy(order(SORT[q.sort.column]), asc(users.ausr_id))
    .limit(q.limit)
    .offset(q.offset);
}

/** One user without the password hash; undefined when missing. */
export async function userDetailById(db: Executor, ausrId: number): Promise<UserDetail | undefined> {
  const rows = await db.select(DETAIL_COLUMNS).from(users).where(eq(users.ausr_id, ausrId)).limit(1);
  return rows[0] as UserDetail | undefined;
}

/** Every column of a user but the password hash, its expiry flag and the menu state. */
const DETAIL_COLUMNS = Object.fromEntries(
  Object.entries(getTableColumns(users)).filter(
    ([name]) => !['ausr_password', 'ausr_password_expired', 'ausr_state'].includes(name),
  ),
) as Omit<
  ReturnType<typeof getTableColumns<typeof users>>,
  'ausr_password' | 'ausr_password_expired' | 'ausr_state'
>;

/** The tenant's accounts not linked to `ausrId` (all when undefined), by code, at most CANDIDATES_MAX. */
export function accountCandidates(db: Executor, ausrId?: number) {
  const linked = db
    .select({ id: userAccounts.uacc_cust_id })
    .from(userAccounts)
    .where(eq(userAccounts.uacc_ausr_id, ausrId ?? 0));
  return db
    .select({
      cust_id: customers.cust_id,
      cust_acc_code: customers.cust_acc_code,
      cust_name: customers.cust_name,
    })
    .from(customers)
    .where(notInArray(customers.cust_id, linked))
    .orderBy(asc(customers.cust_acc_code))
    .limit(CANDIDATES_MAX);
}

/** The tenant's circuits not linked to `ausrId` (all when undefined), by name. */
export function circuitCandidates(db: Executor, ausrId?: number) {
  const linked = db
    .select({ id: circuitUsers.acia_cir_id })
    .from(circuitUsers)
    .where(eq(circuitUsers.acia_ausr_id, ausrId ?? 0));
  return db
    .select({
      cir_circ_code: circuits.cir_circ_code,
      cir_name: circuits.cir_name,
      acia_update: sql<'T' | 'F'>`'F'`,
      acia_refresh: sql<number | null>`null::int`,
    })
    .from(circuits)
    .where(notInArray(circuits.cir_id, linked))
    .orderBy(asc(circuits.cir_name))
    .limit(CANDIDATES_MAX);
}

/** Reports linked to a user, by description (spec "bookings…" §9). */
export function reportsOfUser(db: Executor, ausrId: number) {
  return db
    .select({ rpt_id: reports.rpt_id, rpt_desc: reports.rpt_desc })
    .from(userReports)
    .innerJoin(reports, eq(reports.rpt_id, userReports.urpt_rpt_id))
    .where(eq(userReports.urpt_ausr_id, ausrId))
    .orderBy(asc(reports.rpt_desc));
}

/** The tenant's reports not linked to `ausrId` (all when undefined), by description. */
export function reportCandidates(db: Executor, ausrId?: number) {
  const linked = db
    .select({ id: userReports.urpt_rpt_id })
    .from(userReports)
    .where(eq(userReports.urpt_ausr_id, ausrId ?? 0));
  return db
    .select({ rpt_id: reports.rpt_id, rpt_desc: reports.rpt_desc })
    .from(reports)
    .where(notInArray(reports.rpt_id, linked))
    .orderBy(asc(reports.rpt_desc))
    .limit(CANDIDATES_MAX);
}

/** Of these account ids, those the tenant has. */
export async function existingAccountIds(db: Executor, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: customers.cust_id })
    .from(customers)
    .where(inArray(customers.cust_id, ids));
  return rows.map((r) => r.id);
}

/** Of these report ids, those the tenant has. */
export async function existingReportIds(db: Executor, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.select({ id: reports.rpt_id }).from(reports).where(inArray(reports.rpt_id, ids));
  return rows.map((r) => r.id);
}

/** Circuit ids by code, of the codes the tenant has. */
export async function circuitIdsByCode(db: Executor, codes: string[]): Promise<Map<string, number>> {
  if (!codes.length) return new Map();
  const rows = await db
    .select({ id: circuits.cir_id, code: circuits.cir_circ_code })
    .from(circuits)
    .where(inArray(circuits.cir_circ_code, codes));
  return new Map(rows.map((r) => [r.code, r.id]));
}

/** True when the site (and the business unit, when given) exist. */
export async function allocationExists(db: Executor, siteId: number | null, buId: number | null) {
  const [site] = siteId
    ? await db.select({ id: sites.site_id }).from(sites).where(eq(sites.site_id, siteId))
    : [{ id: 0 }];
  const [bu] = buId
    ? await db.select({ id: businessUnits.bu_id }).from(businessUnits).where(eq(businessUnits.bu_id, buId))
    : [{ id: 0 }];
  return { site: Boolean(site), bu: Boolean(bu) };
}

export type UserWrite = Omit<typeof users.$inferInsert, 'ausr_id' | 'ausr_password'> & {
  ausr_password?: string;
};

/** A taken logon (the database's unique index) as LogonTaken. */
const logonTaken = (err: unknown): never => {
  throw isUniqueViolation(err) ? new LogonTaken() : err;
};

/** Inserts a user; answers its id. Throws LogonTaken when the logon is taken. */
export async function insertUser(db: Executor, u: UserWrite & { ausr_password: string }): Promise<number> {
  const [row] = await db.insert(users).values(u).returning({ ausr_id: users.ausr_id }).catch(logonTaken);
  return row!.ausr_id;
}

/** Updates a user; false when it does not exist. Throws LogonTaken when the logon is taken. */
export async function updateUser(db: Executor, ausrId: number, u: Partial<UserWrite>): Promise<boolean> {
  const rows = await forgetting(() =>
    db
      .update(users)
      .set(u)
      .where(eq(users.ausr_id, ausrId))
      .returning({ ausr_id: users.ausr_id })
      .catch(logonTaken),
  );
  return rows.length === 1;
}

/** Replaces the user's linked accounts, circuits and reports with these. */
export async function replaceLinks(
  db: Executor,
  ausrId: number,
  links: {
    accountIds: number[];
    circuits: { cir_id: number; acia_update: 'T' | 'F'; acia_refresh: number | null }[];
    reportIds: number[];
  },
): Promise<void> {
  // The linked accounts are part of the user's session read: forgotten around the write.
  await forgetting(async () => {
    await db.delete(userAccounts).where(eq(userAccounts.uacc_ausr_id, ausrId));
    await db.delete(circuitUsers).where(eq(circuitUsers.acia_ausr_id, ausrId));
    await db.delete(userReports).where(eq(userReports.urpt_ausr_id, ausrId));
    if (links.accountIds.length)
      await db
        .insert(userAccounts)
        .values(links.accountIds.map((id) => ({ uacc_ausr_id: ausrId, uacc_cust_id: id })));
    if (links.circuits.length)
      await db.insert(circuitUsers).values(
        links.circuits.map((c) => ({
          acia_ausr_id: ausrId,
          acia_cir_id: c.cir_id,
          acia_update: c.acia_update,
          acia_refresh: c.acia_refresh,
        })),
      );
    if (links.reportIds.length)
      await db
        .insert(userReports)
        .values(links.reportIds.map((id) => ({ urpt_ausr_id: ausrId, urpt_rpt_id: id })));
  });
}

/**
 * Deletes a user row. Their sessions, one-time codes, reset links and links go with it (foreign keys
 * cascade); their bookings, quotes and status history stay, with the user reference set to null;
 * audit rows name the user by logon and stay. Answers the deleted logon, undefined when missing.
 */
export async function deleteUser(db: Executor, ausrId: number): Promise<string | undefined> {
  const rows = await forgetting(() =>
    db.delete(users).where(eq(users.ausr_id, ausrId)).returning({ ausr_logon: users.ausr_logon }),
  );
  return rows[0]?.ausr_logon;
}

/** The tenant's sites by name (site/list). */
export const listSites = (db: Executor) =>
  db.select({ site_id: sites.site_id, site_name: sites.site_name }).from(sites).orderBy(asc(sites.site_name));

/** The tenant's business units by name (businessunit/list). */
export const listBusinessUnits = (db: Executor) =>
  db
    .select({
      bu_id: businessUnits.bu_id,
      bu_name: businessUnits.bu_name,
      bu_site_id: businessUnits.bu_site_id,
    })
    .from(businessUnits)
    .orderBy(asc(businessUnits.bu_name));
