import {
  createTheme,
  DEFAULT_THEME,
  toRgba,
  type MantineColor,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';
import type { Theme } from '@courier/contracts';
import { AFTER_EXIT_MS, focusAfterModal } from './focus';

/** The side menu collapses when the window crosses 768 px (spec "access…" §2 menus, §9). */
export const MENU_BREAKPOINT = 768;

/** The theme before a database is chosen. */
export const NEUTRAL_THEME: Theme = { primaryColor: 'blue', name: 'Courier Portal' };

/** WCAG AA for normal text, with a little room for rounding and anti-aliasing. */
export const TEXT_CONTRAST = 4.6;

const WHITE = '#ffffff';

/** Backgrounds text sits on: white, the page's gray-0, gray-1 (striped and hovered rows). */
const PAGE_BACKGROUNDS = [WHITE, DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[1]];

/** Tenant primary colour when Mantine knows it, else blue (a bad setting must not break the screen). */
function primaryOf(color: string): MantineColor {
  return color in DEFAULT_THEME.colors ? color : 'blue';
}

/** A colour's red, green and blue, 0 to 255. */
type Rgb = [number, number, number];

const rgbOf = (color: string): Rgb => {
  const { r, g, b } = toRgba(color);
  return [r, g, b];
};

/** WCAG relative luminance of channels, as Mantine's luminance() works it out from a colour. */
function luminanceOf([r, g, b]: Rgb): number {
  const linear = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio of two luminances. */
const ratioOf = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** WCAG contrast ratio of two colours (1 to 21). */
export const contrast = (a: string, b: string): number =>
  ratioOf(luminanceOf(rgbOf(a)), luminanceOf(rgbOf(b)));

/**
 * `color` mixed towards black by the fewest 1 % steps (hue and saturation kept; Mantine's darken(),
 * worked out on the channels) that reach each background's ratio: [background, ratio] pairs,
 * backgrounds lighter than the colour. Contrast only grows as the colour darkens, so the step is
 * found by halving: every shade of the theme is worked out as the app starts.
 */
function darkenFor(color: string, needs: [string, number][]): string {
  const rgb = rgbOf(color);
  const targets = needs.map(([bg, ratio]) => [luminanceOf(rgbOf(bg)), ratio] as const);
  const at = (step: number) => rgb.map((c) => Math.round(c * (1 - step / 100))) as Rgb;
  const enough = (step: number) => {
    const l = luminanceOf(at(step));
    return targets.every(([bg, ratio]) => ratioOf(l, bg) >= ratio);
  };
  if (!enough(99)) return '#000000';
  let [low, high] = [0, 99];
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (enough(mid)) high = mid;
    else low = mid + 1;
  }
  return `#${at(low)
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;
}

/** Text on the page's backgrounds at 4.5:1. */
const ON_PAGE = PAGE_BACKGROUNDS.map((bg): [string, number] => [bg, TEXT_CONTRAST]);

/**
 * A palette whose text shades read at 4.5:1 (WCAG AA). Mantine uses, in the light scheme, shade 7
 * (the primary shade) for filled buttons with white text, links and coloured text on the page's
 * backgrounds, 8 for their hover, 6 for error text, and 9 for the text of light buttons and of the
 * active menu item on tints 1 and 2. Shades 0–5 (tints) stay; 6–9 are darkened, keeping their hue
 * and saturation, only as far as needed; 8 and 9 stay a step darker than 7 so hover still shows.
 */
export function accessibleShades(palette: MantineColorsTuple): MantineColorsTuple {
  const out: string[] = [...palette];
  out[7] = darkenFor(palette[7], ON_PAGE);
  const six = darkenFor(palette[6], ON_PAGE);
  out[6] = contrast(six, WHITE) > contrast(out[7], WHITE) ? out[7] : six;
  // Hover (8) and light-button text (9) a visible step darker than the shade before.
  out[8] = darkenFor(palette[8], [...ON_PAGE, [WHITE, contrast(out[7], WHITE) * 1.15]]);
  out[9] = darkenFor(palette[9], [
    ...ON_PAGE,
    [palette[1], TEXT_CONTRAST],
    [palette[2], TEXT_CONTRAST],
    [WHITE, contrast(out[8]!, WHITE) * 1.1],
  ]);
  return out as unknown as MantineColorsTuple;
}

/**
 * Every Mantine colour with accessible text shades. Of the neutrals, only gray-6 changes: Mantine's
 * dimmed (helper) text, titled notifications' text and chevrons, darkened until they read on the
 * page's backgrounds and on the green-0 tint.
 */
const { gray, green } = DEFAULT_THEME.colors;
const COLORS = {
  ...Object.fromEntries(
    Object.entries(DEFAULT_THEME.colors)
      .filter(([name]) => name !== 'gray' && name !== 'dark')
      .map(([name, palette]) => [name, accessibleShades(palette)]),
  ),
  gray: gray.map((c, shade) =>
    shade === 6 ? darkenFor(c, [...ON_PAGE, [green[0], TEXT_CONTRAST]]) : c,
  ) as unknown as MantineColorsTuple,
};

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
      // A modal's <header> is not the page's banner landmark.
      // Closed, a modal gives focus back to its trigger (Mantine's returnFocus, which can miss under
      // load: focusAfterModal backs it up), or to the screen's heading when the trigger is gone.
      Modal: {
        defaultProps: {
          attributes: { header: { role: 'presentation' } },
          onExitTransitionEnd: () => setTimeout(focusAfterModal, AFTER_EXIT_MS),
        },
      },
    },
  });
}
