import type { EditableSettingsGroup } from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';

/** A settings group as key → value. */
export type SettingValues = Record<string, string>;

/** The system settings screen's cache keys. */
export const SETTINGS_KEY = ['system', 'settings'] as const;

/**
 * POST /api/system/{group}/list: a group's values, the tenant's, or with `custId` the account's own
 * merged over them (spec "access…" §7).
 */
export const fetchSettings = (group: EditableSettingsGroup, custId?: number) =>
  apiPost<SettingValues>(`/api/system/${group}/list`, {
    type: 'settings',
    ...(custId ? { cust_id: custId } : {}),
  });

/**
 * POST /api/system/{group}/post: replaces the group's values (the account's own with `custId`);
 * answers 'Settings saved'. A 400 names each value that does not fit as `values.{key}`.
 */
export const saveSettings = (group: EditableSettingsGroup, values: SettingValues, custId?: number) =>
  apiPost<{ message: string }>(`/api/system/${group}/post`, {
    type: 'settings',
    values,
    ...(custId ? { cust_id: custId } : {}),
  });

/** POST /api/system/customer/list with `own`: an account's own customer settings alone (administrators). */
export const fetchAccountSettings = (custId: number) =>
  apiPost<SettingValues>('/api/system/customer/list', { type: 'settings', cust_id: custId, own: true });
