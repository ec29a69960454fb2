import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { indexWith } from './boot-session';
import { VITE_INDEX } from '../test/fake-dist';

describe('indexWith (web/boot-session): the page the server writes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'courier-index-'));
  writeFileSync(join(dir, 'index.html'), VITE_INDEX);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const page = indexWith(dir);
  const route = '<link rel="modulepreload" crossorigin href="/assets/BookingListPage-D4.js">';

  it('fetches the scripts of a page that paints its frame from the HTML at low priority, the stylesheet first', () => {
    const html = page(route, '<div id="boot-shell"></div>');
    expect(html.match(/<script type="module"[^>]*>/g)).toEqual([
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-A1.js">',
    ]);
    expect(html.match(/<link rel="modulepreload"[^>]*>/g)).toEqual([
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-B2.js">',
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/BookingListPage-D4.js">',
    ]);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-C3.css">');
    expect(html).toContain('<div id="boot-shell"></div><div id="root"></div>');
  });

  it('keeps the priority of the scripts of a page that needs them to draw anything', () => {
    const html = page(route);
    expect(html).not.toContain('fetchpriority');
    expect(html).toBe(VITE_INDEX.replace('</head>', `${route}</head>`));
  });
});
