import { queryOptions } from '@tanstack/react-query';
import type { SETTINGS_GROUPS } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';
import { lazySchema } from '../../../lib/lazy-schema';

/** A settings group of spec "access…" §3 (general, mandatory, message, default, config, customer, hoo). */
export type SettingsGroup = (typeof SETTINGS_GROUPS)[number];
/** A group's entries, key → value ('T'/'F' flags, comma lists, 'HH:mm' times, messages). */
export type Settings = Record<string, string>;

/** Its answer's schema (key → value), loaded with the first answer. */
const SETTINGS = lazySchema(() => import('../../../lib/schema-builders').then((m) => m.stringRecord()));

/**
 * POST /api/system/{group}/list {type: 'settings', cust_id} (spec "access…" §7 System): the group
 * for an account, its own values overriding the global ones.
 */
export const fetchSettings = (group: SettingsGroup, custId?: number) =>
  apiPost(`/api/system/${group}/list`, { type: 'settings', cust_id: custId }, SETTINGS);

/** A settings group as the booking and address screens read it; settings change rarely. */
export const settingsQuery = (group: SettingsGroup, custId?: number) =>
  queryOptions({
    queryKey: ['settings', group, custId ?? 0],
    queryFn: () => fetchSettings(group, custId),
    staleTime: 5 * 60_000,
  });
