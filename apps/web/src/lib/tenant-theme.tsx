import { createContext, use, useEffect, useMemo, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import type { Theme } from '@courier/contracts';
import { buildTheme, NEUTRAL_THEME } from './theme';

interface TenantThemeValue {
  tenant: Theme;
  setTenant: (theme: Theme) => void;
}

const TenantThemeContext = createContext<TenantThemeValue | null>(null);

/**
 * Holds the active tenant theme and feeds it to Mantine: the chosen database on the login screen,
 * the session's tenant once signed in (spec "access…" §1 and §2 start-up).
 */
export function TenantThemeProvider({ children }: { children: ReactNode }) {
  const [tenant, setTenant] = useState<Theme>(NEUTRAL_THEME);
  const theme = useMemo(() => buildTheme(tenant), [tenant]);
  const value = useMemo(() => ({ tenant, setTenant }), [tenant]);
  useEffect(() => {
    document.title = tenant.name;
  }, [tenant.name]);
  return (
    <TenantThemeContext value={value}>
      <MantineProvider theme={theme}>{children}</MantineProvider>
    </TenantThemeContext>
  );
}

/** The active tenant theme and its setter. */
export function useTenantTheme(): TenantThemeValue {
  const value = use(TenantThemeContext);
  if (!value) throw new Error('useTenantTheme outside TenantThemeProvider');
  return value;
}
