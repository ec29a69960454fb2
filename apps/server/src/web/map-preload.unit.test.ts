import { describe, expect, it } from 'vitest';
import { pageCallKey } from '@courier/contracts';
import { trackDetailWith } from '@courier/contracts/testing';
import { mapTilePreloads } from './map-preload';

/** A page's answers holding the tracking details of `map` (and `shown.map`). */
function answers(tileUrl: string, shown = true): Record<string, unknown> {
  const detail = trackDetailWith({
    map: { tileUrl, attribution: '', zoom: 6 },
    shown: { map: shown, stock: true, signatures: true },
  });
  return {
    [pageCallKey('/api/docket/track', { database: 'D', tracking_ref: 'T1' })]: {},
    [pageCallKey('/api/docket/track/detail', { database: 'D', tracking_ref: 'T1' })]: detail,
  };
}

describe('mapTilePreloads', () => {
  it("names the centre's tile for dense screens and for the others", () => {
    expect(mapTilePreloads(answers('https://{s}.tiles.test/{z}/{x}/{y}.png'))).toBe(
      '<link rel="preload" as="image" fetchpriority="high" referrerpolicy="strict-origin" href="https://a.tiles.test/7/63/42.png" media="(min-resolution: 1.75dppx)">' +
        '<link rel="preload" as="image" fetchpriority="high" referrerpolicy="strict-origin" href="https://b.tiles.test/6/31/21.png" media="not all and (min-resolution: 1.75dppx)">',
    );
  });

  it("names the '@2x' tile for retina screens and the plain one for the others when the server sends '@2x' tiles itself", () => {
    expect(mapTilePreloads(answers('https://tiles.test/{z}/{x}/{y}{r}.png'))).toBe(
      '<link rel="preload" as="image" fetchpriority="high" referrerpolicy="strict-origin" href="https://tiles.test/6/31/21@2x.png" media="(min-resolution: 1.01dppx)">' +
        '<link rel="preload" as="image" fetchpriority="high" referrerpolicy="strict-origin" href="https://tiles.test/6/31/21.png" media="not all and (min-resolution: 1.01dppx)">',
    );
  });

  it('escapes the URL for its attribute', () => {
    expect(mapTilePreloads(answers('https://tiles.test/{z}/{x}/{y}.png?a=1&b="2"'))).toContain(
      'href="https://tiles.test/7/63/42.png?a=1&amp;b=&quot;2&quot;"',
    );
  });

  it('names nothing without details, a map shown, a tile server, or a URL only Leaflet writes', () => {
    expect(mapTilePreloads({})).toBe('');
    expect(mapTilePreloads(answers('https://tiles.test/{z}/{x}/{y}.png', false))).toBe('');
    expect(mapTilePreloads(answers(''))).toBe('');
    expect(mapTilePreloads(answers('https://tiles.test/{z}/{x}/{-y}.png'))).toBe('');
  });
});
