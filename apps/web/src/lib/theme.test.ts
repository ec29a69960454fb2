import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, toRgba, type MantineColorsTuple } from '@mantine/core';
import { buildTheme, contrast } from './theme';

const WHITE = '#ffffff';
const { gray } = DEFAULT_THEME.colors;

/** Hue in degrees of a colour. */
function hue(color: string): number {
  const { r, g, b } = toRgba(color);
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

describe('tenant themes', () => {
  for (const tenant of ['blue', 'orange']) {
    const theme = buildTheme({ primaryColor: tenant, name: tenant });
    const shades = theme.colors![tenant] as MantineColorsTuple;

    it(`gives ${tenant} text and button shades of at least 4.5:1`, () => {
      for (const bg of [WHITE, gray[0], gray[1]]) {
        for (const shade of [6, 7, 8, 9]) expect(contrast(shades[shade]!, bg)).toBeGreaterThanOrEqual(4.5);
      }
      // Light buttons and the active menu item: shade 9 on tints 1 and 2.
      expect(contrast(shades[9], shades[1])).toBeGreaterThanOrEqual(4.5);
      expect(contrast(shades[9], shades[2])).toBeGreaterThanOrEqual(4.5);
    });

    it(`keeps ${tenant} recognisably ${tenant}: same hue, tints untouched, darker as the shade rises`, () => {
      const original = DEFAULT_THEME.colors[tenant]!;
      expect(shades.slice(0, 6)).toEqual(original.slice(0, 6));
      for (const shade of [6, 7, 8, 9])
        expect(Math.abs(hue(shades[shade]!) - hue(original[shade]!))).toBeLessThan(6);
      for (const shade of [7, 8, 9])
        expect(contrast(shades[shade]!, WHITE)).toBeGreaterThanOrEqual(contrast(shades[shade - 1]!, WHITE));
      expect(contrast(shades[8], WHITE)).toBeGreaterThan(contrast(shades[7], WHITE));
    });
  }

  it('reads dimmed and error text at 4.5:1', () => {
    const dimmed = (buildTheme({ primaryColor: 'blue', name: 'x' }).colors!.gray as MantineColorsTuple)[6];
    const red = buildTheme({ primaryColor: 'blue', name: 'x' }).colors!.red as MantineColorsTuple;
    for (const bg of [WHITE, gray[0], gray[1], DEFAULT_THEME.colors.green[0]]) {
      expect(contrast(dimmed, bg)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(red[6], bg)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
