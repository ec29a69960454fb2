import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import type { Theme } from '@courier/contracts';
// The module itself, not the package's index: the entry chunk must not bring zod.
import { BOOT_SESSION_ELEMENT_ID } from '@courier/contracts/rights';
import { peekBootJson } from './boot-data';
import { buildTheme, NEUTRAL_THEME } from './theme';

interface TenantThemeValue {
  tenant: Theme;
  setTenant: (theme: Theme) => void;
}

const TenantThemeContext = createContext<TenantThemeValue | null>(null);

/**
 * The theme of the session the server wrote into the page (web/boot-session), checked by hand (zod
 * stays out of the entry chunk); undefined without one. The session restore still checks the whole
 * session and applies its theme.
 */
function bootTheme(): Theme | undefined {
  const boot = peekBootJson(BOOT_SESSION_ELEMENT_ID) as { tenant?: { theme?: Partial<Theme> } } | null;
  const theme = boot?.tenant?.theme;
  if (typeof theme?.primaryColor !== 'string' || typeof theme.name !== 'string') return undefined;
  const logo = typeof theme.logo === 'string' ? { logo: theme.logo } : {};
  return { primaryColor: theme.primaryColor, name: theme.name, ...logo };
}

/** The same theme: setting it again would rebuild Mantine's theme and redraw every component. */
const sameTheme = (a: Theme, b: Theme) =>
  a.primaryColor === b.primaryColor && a.name === b.name && a.logo === b.logo;

/**
 * Holds the active tenant theme and feeds it to Mantine: the chosen database on the login screen,
 * the session's tenant once signed in (spec "access…" §1 and §2 start-up). A page the server wrote
 * a session into starts in that tenant's colours, so the first screen is not drawn twice (once
 * neutral, once themed); a theme equal to the active one changes nothing. `initial`: the theme to
 * start in instead, and `cssVariablesSelector` the element its colours are set on instead of the
 * page's root (the server's rendering of a guest's page, prerender/track-page.tsx: its colours stay
 * its own while the app draws its own under it).
 */
export function TenantThemeProvider({
  children,
  initial,
  cssVariablesSelector,
}: {
  children: ReactNode;
  initial?: Theme;
  cssVariablesSelector?: string;
}) {
  const [tenant, setTenantState] = useState<Theme>(() => initial ?? bootTheme() ?? NEUTRAL_THEME);
  const setTenant = useCallback(
    (next: Theme) => setTenantState((current) => (sameTheme(current, next) ? current : next)),
    [],
  );
  const theme = useMemo(() => buildTheme(tenant), [tenant]);
  const value = useMemo(() => ({ tenant, setTenant }), [tenant, setTenant]);
  useEffect(() => {
    document.title = tenant.name;
  }, [tenant.name]);
  return (
    <TenantThemeContext value={value}>
      <MantineProvider theme={theme} cssVariablesSelector={cssVariablesSelector}>
        {children}
      </MantineProvider>
    </TenantThemeContext>
  );
}

/** The active tenant theme and its setter. */
export function useTenantTheme(): TenantThemeValue {
  const value = use(TenantThemeContext);
  if (!value) throw new Error('useTenantTheme outside TenantThemeProvider');
  return value;
}
