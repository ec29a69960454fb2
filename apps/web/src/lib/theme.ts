import { createTheme, DEFAULT_THEME, type MantineColor, type MantineThemeOverride } from '@mantine/core';
import type { Theme } from '@courier/contracts';

/** The side menu collapses when the window crosses 768 px (spec "access…" §2 menus, §9). */
export const MENU_BREAKPOINT = 768;

/** The theme before a database is chosen. */
export const NEUTRAL_THEME: Theme = { primaryColor: 'blue', name: 'Courier Portal' };

/** Tenant primary colour when Mantine knows it, else blue (a bad setting must not break the screen). */
function primaryOf(color: string): MantineColor {
  return color in DEFAULT_THEME.colors ? color : 'blue';
}

/** Mantine theme of a tenant (spec "access…" §1: each database has its own theme). */
export function buildTheme(tenant: Theme): MantineThemeOverride {
  return createTheme({
    primaryColor: primaryOf(tenant.primaryColor),
    primaryShade: { light: 7, dark: 5 },
    defaultRadius: 'md',
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    headings: { fontWeight: '700' },
    components: {
      Button: { defaultProps: { radius: 'md' } },
      Paper: { defaultProps: { radius: 'md' } },
    },
  });
}
