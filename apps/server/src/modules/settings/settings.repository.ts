import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { settings } from '../../db/schema';

/** Settings of a group as key → value; account-specific values (cust_id) override global ones (0). */
export async function settingsOf(db: Executor, group: string, custId = 0): Promise<Record<string, string>> {
  const rows = await db
    .select()
    .from(settings)
    .where(and(eq(settings.sett_group, group), inArray(settings.sett_cust_id, custId ? [0, custId] : [0])));
  rows.sort((a, b) => a.sett_cust_id - b.sett_cust_id);
  return Object.fromEntries(rows.map((r) => [r.sett_key, r.sett_value]));
}

/**
 * group → key → value of settings rows given as [group, key, value], with every group of `groups`
 * present (empty when it has no rows); rows of other groups are left out.
 */
export function settingsByGroup(
  groups: readonly string[],
  rows: Iterable<readonly [string, string, string]>,
): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = Object.fromEntries(groups.map((g) => [g, {}]));
  for (const [group, key, value] of rows) if (out[group]) out[group][key] = value;
  return out;
}

/** Several groups at once: group → key → value (global rows only). */
export async function settingsGroups(
  db: Executor,
  groups: string[],
): Promise<Record<string, Record<string, string>>> {
  const rows = await prepared(db, 'settings_groups', (d, name) =>
    d
      .select()
      .from(settings)
      .where(
        and(
          sql`${settings.sett_group} = any(${sql.placeholder('groups')}::text[])`,
          eq(settings.sett_cust_id, 0),
        ),
      )
      .prepare(name),
  ).execute({ groups: `{${groups.join(',')}}` });
  return settingsByGroup(
    groups,
    rows.map((r) => [r.sett_group, r.sett_key, r.sett_value] as const),
  );
}

/** The stored values of one group for one scope (0 = the tenant, else an account): key → value. */
export async function scopeValues(
  db: Executor,
  group: string,
  custId: number,
): Promise<Record<string, string>> {
  const rows = await db
    .select({ k: settings.sett_key, v: settings.sett_value })
    .from(settings)
    .where(and(eq(settings.sett_group, group), eq(settings.sett_cust_id, custId)));
  return Object.fromEntries(rows.map((r) => [r.k, r.v]));
}

/** Replaces one group's values for one scope with `values` (inside the caller's transaction). */
export async function replaceScope(
  db: Executor,
  group: string,
  custId: number,
  values: Record<string, string>,
): Promise<void> {
  await db.delete(settings).where(and(eq(settings.sett_group, group), eq(settings.sett_cust_id, custId)));
  const rows = Object.entries(values).map(([sett_key, sett_value]) => ({
    sett_group: group,
    sett_key,
    sett_cust_id: custId,
    sett_value,
  }));
  if (rows.length) await db.insert(settings).values(rows);
}
