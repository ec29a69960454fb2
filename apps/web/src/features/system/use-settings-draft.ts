import { useState } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  customerFields,
  settingsProblems,
  type CustomerFields,
  type EditableSettingsGroup,
} from '@courier/contracts';
import { ApiError } from '../../lib/api-client';
import { CUSTOMER_KEYS, postCustomer, postReferenceList } from '../customers';
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

/** The problems of an account's fields by field name (cust_ref1_lbl, …), as the server names them. */
function fieldProblems(fields: CustomerFields): Record<string, string> {
  const parsed = customerFields.safeParse(fields);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
}

/**
 * Problems by group ('customer:{id}' for an account's settings, 'account:{id}' for its fields,
 * 'references:{id}' for its ref-5 list) and field (`values.{key}`, `cust_ref1_lbl`, …).
 */
export type SettingsErrors = Record<string, Record<string, string>>;

/**
 * The System settings screen's state: each group as loaded, the administrator's unsaved changes, the
 * accounts' own customer settings, their fields and ref-5 lists, and Save. Save checks every changed group with the server's rules
 * first (nothing is posted while one is wrong), then posts default, general, mandatory and message,
 * the other groups that changed, and customer, customer/post and customer/reference/post for each
 * account changed; then the booking screen's account queries are refreshed.
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
  const [fields, setFields] = useState<Record<number, CustomerFields>>({});
  const [lists, setLists] = useState<Record<number, string[]>>({});
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [saving, setSaving] = useState(false);

  const valuesOf = (group: ScreenGroup): SettingValues =>
    draft[group] ?? loaded[SCREEN_GROUPS.indexOf(group)]?.data ?? {};
  const change = (group: ScreenGroup, values: SettingValues) => setDraft((d) => ({ ...d, [group]: values }));
  const changeAccount = (custId: number, values: SettingValues) =>
    setAccounts((a) => ({ ...a, [custId]: values }));

  const changeFields = (custId: number, values: CustomerFields) =>
    setFields((f) => ({ ...f, [custId]: values }));
  const changeList = (custId: number, values: string[]) => setLists((l) => ({ ...l, [custId]: values }));

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
    for (const [custId, values] of Object.entries(fields)) {
      const p = fieldProblems(values);
      if (Object.keys(p).length) found[`account:${custId}`] = p;
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
      for (const [custId, values] of Object.entries(fields)) {
        current = `account:${custId}`;
        await postCustomer(Number(custId), values);
      }
      for (const [custId, values] of Object.entries(lists)) {
        current = `references:${custId}`;
        await postReferenceList(Number(custId), values);
      }
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors({ [current]: err.fields });
      throw err;
    } finally {
      setSaving(false);
      await queryClient.invalidateQueries({ queryKey: SETTINGS_KEY });
      // The booking screen reads the new labels, flags and lists on its next call.
      for (const queryKey of CUSTOMER_KEYS) await queryClient.invalidateQueries({ queryKey });
    }
    setDraft({});
    setAccounts({});
    setFields({});
    setLists({});
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
    /** An account's fields: the administrator's unsaved edit, else as loaded. */
    fieldsOf: (custId: number, loadedFields: CustomerFields | undefined) => fields[custId] ?? loadedFields,
    changeFields,
    /** An account's ref-5 list: the unsaved edit, else as loaded. */
    listOf: (custId: number, loadedList: string[] | undefined) => lists[custId] ?? loadedList,
    changeList,
    dirty: [draft, accounts, fields, lists].some((d) => Object.keys(d).length > 0),
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

/**
 * A refused setting as a notice reads it, named ('SupportEmail: Must be an e-mail address'; the
 * server names it 'values.SupportEmail'); undefined for any other failure.
 */
export function refusedSetting(err: unknown): string | undefined {
  const refused =
    err instanceof ApiError && err.status === 400 ? Object.entries(err.fields ?? {})[0] : undefined;
  return refused && `${refused[0].replace(/^values\./, '')}: ${refused[1]}`;
}
