import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TrackDetailResponse } from '@courier/contracts';
import { trackDetailWith } from '@courier/contracts/testing';
import { MAP_HEIGHT, PHONE_MAP_INSET } from '@courier/contracts/map-tiles';
import { BOOT_CALLS_ELEMENT_ID, pageCallKey } from '@courier/contracts/page-calls';
import { writeBootCalls } from '../../../test/boot-session';
import { fetchFirstTiles } from './first-tiles';
import { mosaicTiles } from './TileMosaic';

/** Details of a London delivery whose map (zoom 12) has tiles from `tileUrl`, shown or not. */
const detail = (tileUrl = 'https://{s}.tiles.test/{z}/{x}/{y}.png', map = true): TrackDetailResponse =>
  trackDetailWith({
    map: { tileUrl, attribution: '', zoom: 12 },
    shown: { map, stock: true, signatures: true },
  });

/** The images the code made, with what they were given. */
function images() {
  const made: HTMLImageElement[] = [];
  const Original = window.Image;
  vi.spyOn(window, 'Image').mockImplementation(function () {
    const image = new Original();
    made.push(image);
    return image;
  });
  return made;
}

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(document.documentElement, 'clientWidth');
  Reflect.deleteProperty(window, 'devicePixelRatio');
  document.getElementById(BOOT_CALLS_ELEMENT_ID)?.remove();
});

describe('fetchFirstTiles', () => {
  it("asks a phone for the tiles of its map's top half, as the map will ask for them", () => {
    const made = images();
    const d = detail();
    const urls = fetchFirstTiles(d, { width: 412, ratio: 1.75 });
    // The mosaic's tiles of a 412-px phone's map, down to the centre's row (the map's middle).
    const box = { width: 412 - PHONE_MAP_INSET, height: MAP_HEIGHT };
    const shown = mosaicTiles({ detail: d, dense: true, retina: true, ...box }).filter(
      (t) => t.top < MAP_HEIGHT / 2,
    );
    expect(urls.length).toBeGreaterThanOrEqual(6);
    expect(urls.sort()).toEqual(shown.map((t) => t.url).sort());
    // Each an image of the map's priority and referrer policy, so that the map's own is this one.
    expect(made.map((i) => i.src).sort()).toEqual(urls);
    for (const image of made) {
      expect(image.fetchPriority).toBe('high');
      expect(image.referrerPolicy).toBe('strict-origin');
    }
  });

  it("asks a plain phone for its plain tiles, and a retina one for the '@2x' tiles its server sends", () => {
    expect(fetchFirstTiles(detail(), { width: 360, ratio: 1 })[0]).toMatch(/\/12\/\d+\/\d+\.png$/);
    const retina = detail('https://tiles.test/{z}/{x}/{y}{r}.png');
    const urls = fetchFirstTiles(retina, { width: 360, ratio: 2 });
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.every((u) => /\/12\/\d+\/\d+@2x\.png$/.test(u))).toBe(true);
  });

  it('asks nothing on a wider screen, without a map shown, or for tiles only Leaflet can name', () => {
    const made = images();
    expect(fetchFirstTiles(detail(), { width: 768, ratio: 2 })).toEqual([]);
    expect(fetchFirstTiles(detail(undefined, false), { width: 412, ratio: 2 })).toEqual([]);
    expect(fetchFirstTiles(detail('https://tiles.test/{z}/{x}/{-y}.png'), { width: 412, ratio: 2 })).toEqual(
      [],
    );
    expect(made).toEqual([]);
  });
});

describe('the tracking page', () => {
  it("asks a phone for its map's first tiles as its code starts, from the details the page carries", async () => {
    const d = detail();
    writeBootCalls({ [pageCallKey('/api/docket/track/detail', { database: 'D', tracking_ref: 'T1' })]: d });
    Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: 412 });
    Object.defineProperty(window, 'devicePixelRatio', { configurable: true, value: 2 });
    const made = images();
    // The page's answers count as fresh for BOOT_CALLS_FRESH_MS of the page's life (performance.now);
    // importing the page afresh can take longer than that on a busy machine, so the clock stays at 0.
    vi.spyOn(performance, 'now').mockReturnValue(0);
    vi.resetModules();
    await import('../pages/TrackPage');
    const asked = made.map((i) => i.src).sort();
    expect(asked.length).toBeGreaterThanOrEqual(6);
    expect(asked).toEqual(fetchFirstTiles(d, { width: 412, ratio: 2 }).sort());
    // Importing the page and all it imports afresh takes seconds.
  }, 60_000);
});
