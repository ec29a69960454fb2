import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTheme, NEUTRAL_THEME } from '../../lib/theme';

/**
 * The signed-in frame the server writes into a page is drawn by boot-shell.css before the app has
 * set its theme: in another font its heading would change width when the app takes over.
 */
describe('boot-shell.css', () => {
  it("draws the frame in the app's font", () => {
    const css = readFileSync(join(import.meta.dirname, 'boot-shell.css'), 'utf8');
    const families = (list: string) => list.split(',').map((f) => f.trim().replaceAll("'", '"'));
    const font = /\.boot-shell \{\s*font-family:([^;]+);/.exec(css)?.[1];
    expect(font && families(font)).toEqual(families(buildTheme(NEUTRAL_THEME).fontFamily!));
  });
});
