import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { DatabaseList } from '@courier/contracts';
import { useTenantTheme } from '../../lib/tenant-theme';
import { notifyApiError } from '../../lib/notify';
import { storedDatabase } from '../../lib/stored-context';
import { databaseListQuery } from './api/database-list';
import { AUTH_TEXT } from './auth-messages';

interface GuestDatabaseOptions {
  /** Public screens fall back to the first database when none is chosen (spec "access…" §2 track). */
  fallbackToFirst?: boolean;
  /** Skip the lookup (a signed-in user has the session's database). */
  enabled?: boolean;
  /** A database the screen knows better (a reset link's, a pending login's), used when it exists. */
  prefer?: string | null;
}

/** The database in use and whether it was chosen (remembered, preferred or the only one). */
function initialChoice(
  list: DatabaseList | undefined,
  fallbackToFirst: boolean,
  prefer: string | null | undefined,
): { name: string | null; chosen: boolean } {
  if (!list?.length) return { name: null, chosen: false };
  const known = (name: string | null | undefined) => !!name && list.some((d) => d.name === name);
  if (known(prefer)) return { name: prefer!, chosen: true };
  const stored = storedDatabase.get();
  if (known(stored)) return { name: stored, chosen: true };
  if (list.length === 1) return { name: list[0]!.name, chosen: true };
  return { name: fallbackToFirst ? list[0]!.name : null, chosen: false };
}

/**
 * The database a signed-out visitor uses (spec "access…" §1 and §2 login): the one chosen on the
 * login screen (remembered in localStorage), preselected when only one exists. `chosen` is false
 * when the first database stands in only because a public screen needs one.
 */
export function useGuestDatabase({
  fallbackToFirst = false,
  enabled = true,
  prefer,
}: GuestDatabaseOptions = {}) {
  const { data: databases, isPending, error } = useQuery({ ...databaseListQuery, enabled });
  const [picked, setPicked] = useState<string | null>(null);
  const initial = initialChoice(databases, fallbackToFirst, prefer);
  const current = picked ?? initial.name;
  const database = databases?.find((d) => d.name === current) ?? null;
  const choose = (name: string | null) => {
    setPicked(name);
    if (name) storedDatabase.set(name);
  };
  return {
    databases: databases ?? [],
    database,
    chosen: !!database && (picked !== null || initial.chosen),
    choose,
    isPending: enabled && isPending,
    error,
  };
}

/**
 * The guest's database with its theme applied (login screen, guest frame); a failure to load the
 * databases and their themes shows 'Load Theme: {message}' (spec "access…" §8).
 */
export function useGuestTenant(options: GuestDatabaseOptions = {}) {
  const guest = useGuestDatabase(options);
  const { setTenant } = useTenantTheme();
  useEffect(() => {
    if (guest.database) setTenant(guest.database.theme);
  }, [guest.database, setTenant]);
  useEffect(() => {
    if (guest.error) notifyApiError(AUTH_TEXT.loadTheme, guest.error);
  }, [guest.error]);
  return guest;
}
