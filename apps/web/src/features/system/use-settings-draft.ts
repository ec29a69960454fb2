import { useState } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { settingsProblems, type EditableSettingsGroup } from '@courier/contracts';
import { ApiError } from '../../lib/api-client';
import {
  fetchAccountSettings,
  fetchSettings,
  saveSettings,
  SETTINGS_KEY,
  type SettingValues,
} from './api/settings';

/** The tenant-wide groups the screen edits. */
export const SCREEN_GROUPS = [
  'general',
  'hoo',
  'config',
  'payment',
  'default',
  'mandatory',
  'message',
] as const;
type ScreenGroup = (typeof SCREEN_GROUPS)[number];
/** Saved every time (spec "bookings…" §7: saving all posts default, general, mandatory and message). */
const ALWAYS_SAVED: readonly ScreenGroup[] = ['default', 'general', 'mandatory', 'message'];

/** Problems by group ('customer:{id}' for an account) and field (`values.{key}`). */
export type SettingsErrors = Record<string, Record<string, string>>;

/**
 * The System settings screen's state: each group as loaded, the administrator's unsaved changes, the
 * accounts' own customer settings, and Save. Save checks every changed group with the server's rules
 * first (nothing is posted while one is wrong), then posts default, general, mandatory and message,
 * the other groups that changed, and customer for each account changed.
 */
export function useSettingsDraft() {
  const queryClient = useQueryClient();
  const loaded = useQueries({
    queries: SCREEN_GROUPS.map((group) => ({
      queryKey: [...SETTINGS_KEY, group],
      queryFn: () => fetchSettings(group),
    })),
  });
  const [draft, setDraft] = useState<Partial<Record<ScreenGroup, SettingValues>>>({});
  const [accounts, setAccounts] = useState<Record<number, SettingValues>>({});
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [saving, setSaving] = useState(false);

  const valuesOf = (group: ScreenGroup): SettingValues =>
    draft[group] ?? loaded[SCREEN_GROUPS.indexOf(group)]?.data ?? {};
  const change = (group: ScreenGroup, values: SettingValues) => setDraft((d) => ({ ...d, [group]: values }));
  const changeAccount = (custId: number, values: SettingValues) =>
    setAccounts((a) => ({ ...a, [custId]: values }));

  /** Saves; resolves true when everything was saved, false when a value was refused (see `errors`). */
  const save = async (): Promise<boolean> => {
    const groups = SCREEN_GROUPS.filter((g) => ALWAYS_SAVED.includes(g) || draft[g]);
    const found: SettingsErrors = {};
    for (const g of groups) {
      const p = settingsProblems(g, valuesOf(g));
      if (Object.keys(p).length) found[g] = p;
    }
    for (const [custId, values] of Object.entries(accounts)) {
      const p = settingsProblems('customer', values);
      if (Object.keys(p).length) found[`customer:${custId}`] = p;
    }
    setErrors(found);
    if (Object.keys(found).length) return false;
    setSaving(true);
    let current = '';
    try {
      for (const g of groups) {
        current = g;
        await saveSettings(g as EditableSettingsGroup, valuesOf(g));
      }
      for (const [custId, values] of Object.entries(accounts)) {
        current = `customer:${custId}`;
        await saveSettings('customer', values, Number(custId));
      }
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors({ [current]: err.fields });
      throw err;
    } finally {
      setSaving(false);
      await queryClient.invalidateQueries({ queryKey: SETTINGS_KEY });
    }
    setDraft({});
    setAccounts({});
    return true;
  };

  return {
    loading: loaded.some((q) => q.isPending),
    error: loaded.find((q) => q.error)?.error ?? null,
    valuesOf,
    change,
    accountValues: (custId: number, ownValues: SettingValues | undefined) =>
      accounts[custId] ?? ownValues ?? {},
    changeAccount,
    dirty: Object.keys(draft).length > 0 || Object.keys(accounts).length > 0,
    errors,
    saving,
    save,
  };
}

/** An account's own customer settings (not merged over the tenant's), for the Customer tab. */
export const useAccountSettings = (custId: number | null) =>
  useQuery({
    queryKey: [...SETTINGS_KEY, 'customer', custId],
    queryFn: () => fetchAccountSettings(custId!),
    enabled: custId !== null,
  });
