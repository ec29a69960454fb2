import {
  createTheme,
  DEFAULT_THEME,
  type CSSVariablesResolver,
  type MantineColor,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';
import type { Theme } from '@courier/contracts';

/** The side menu collapses when the window crosses 768 px (spec "access…" §2 menus, §9). */
export const MENU_BREAKPOINT = 768;

/** The theme before a database is chosen. */
export const NEUTRAL_THEME: Theme = { primaryColor: 'blue', name: 'Courier Portal' };

/** WCAG AA for normal text, with a little room for rounding and anti-aliasing. */
export const TEXT_CONTRAST = 4.6;

/** Backgrounds text sits on: white, the page's gray-0, gray-1 (striped and hovered rows). */
const PAGE_BACKGROUNDS = ['#ffffff', DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[1]];

/** Tenant primary colour when Mantine knows it, else blue (a bad setting must not break the screen). */
function primaryOf(color: string): MantineColor {
  return color in DEFAULT_THEME.colors ? color : 'blue';
}

type Rgb = [number, number, number];
type Hsl = [number, number, number];

const rgbOf = (hex: string): Rgb => {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

const hexOf = ([r, g, b]: Rgb): string =>
  `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function hslOf(hex: string): Hsl {
  const [r, g, b] = rgbOf(hex).map((c) => c / 255) as Rgb;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s, l];
}

function hexOfHsl([h, s, l]: Hsl): string {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return hexOf([f(0) * 255, f(8) * 255, f(4) * 255]);
}

/** `hex` with its lightness lowered (hue and saturation kept) until it reads on every background. */
function darkenFor(hex: string, backgrounds: string[], ratio = TEXT_CONTRAST): string {
  const [h, s, l] = hslOf(hex);
  let out = hex;
  for (let lightness = l; lightness > 0; lightness -= 0.005) {
    out = hexOfHsl([h, s, lightness]);
    if (backgrounds.every((bg) => contrast(out, bg) >= ratio)) return out;
  }
  return out;
}

/** A shade at least `step` of lightness darker than `than` (so hover still shows), same hue. */
function darkerThan(hex: string, than: string, step = 0.04): string {
  const [h, s, l] = hslOf(hex);
  const limit = hslOf(than)[2] - step;
  return l <= limit ? hex : hexOfHsl([h, s, Math.max(0, limit)]);
}

/**
 * A palette whose text shades read at 4.5:1 (WCAG AA). Mantine uses, in the light scheme, shade 7
 * (the primary shade) for filled buttons with white text, links and coloured text on the page's
 * backgrounds, 8 for their hover, 6 for error text, and 9 for the text of light buttons and of the
 * active menu item on tints 1 and 2. Shades 0–5 (tints) stay; 6–9 are darkened, keeping their hue
 * and saturation, only as far as needed; 8 and 9 stay a step darker than 7 so hover still shows.
 */
export function accessibleShades(palette: MantineColorsTuple): MantineColorsTuple {
  const out: string[] = [...palette];
  out[7] = darkenFor(palette[7], PAGE_BACKGROUNDS);
  const six = darkenFor(palette[6], PAGE_BACKGROUNDS);
  out[6] = luminance(six) < luminance(out[7]) ? out[7] : six;
  out[8] = darkerThan(darkenFor(palette[8], PAGE_BACKGROUNDS), out[7]);
  out[9] = darkerThan(darkenFor(palette[9], [...PAGE_BACKGROUNDS, palette[1], palette[2]]), out[8], 0.03);
  return out as unknown as MantineColorsTuple;
}

/** Every Mantine colour with accessible text shades (gray and dark are neutrals, left as they are). */
const COLORS = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors)
    .filter(([name]) => name !== 'gray' && name !== 'dark')
    .map(([name, palette]) => [name, accessibleShades(palette)]),
);

/** Dimmed (helper) text: Mantine's gray-6 darkened until it reads on the page's backgrounds and tints. */
const DIMMED = darkenFor(DEFAULT_THEME.colors.gray[6], [...PAGE_BACKGROUNDS, DEFAULT_THEME.colors.green[0]]);

/** CSS variables of the app's own: dimmed text that meets 4.5:1. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': DIMMED },
  dark: {},
});

/** Mantine theme of a tenant (spec "access…" §1: each database has its own theme). */
export function buildTheme(tenant: Theme): MantineThemeOverride {
  return createTheme({
    colors: COLORS,
    primaryColor: primaryOf(tenant.primaryColor),
    primaryShade: { light: 7, dark: 5 },
    defaultRadius: 'md',
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    headings: { fontWeight: '700' },
    components: {
      Button: { defaultProps: { radius: 'md' } },
      Paper: { defaultProps: { radius: 'md' } },
      // Icon-only buttons need a name: modal and notification close buttons, input clear buttons.
      CloseButton: { defaultProps: { 'aria-label': 'Close' } },
      InputClearButton: { defaultProps: { 'aria-label': 'Clear' } },
      // A titled notification's message is gray-6 in Mantine: the readable dimmed instead.
      Notification: {
        styles: (_theme: unknown, props: { title?: unknown }) =>
          props.title ? { description: { color: 'var(--mantine-color-dimmed)' } } : {},
      },
      // A modal's <header> is not the page's banner landmark.
      Modal: { defaultProps: { attributes: { header: { role: 'presentation' } } } },
    },
  });
}
