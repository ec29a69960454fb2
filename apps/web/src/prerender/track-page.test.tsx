import { describe, expect, it } from 'vitest';
import { DENSE_RATIO, PHONE_MAX_WIDTH, phoneTiles, tileUrl, TRACKING_SETTING_KEYS } from '@courier/contracts';
import { pageCallKey, trackPageCalls, type TrackFirstViewInput } from '@courier/contracts/page-calls';
import { LONDON, trackDetailWith, trackSummaryWith } from '@courier/contracts/testing';
import { DEMO, NORTHERN } from '../test/fixtures';
import { renderTrackFirstView } from './track-page';

const TEMPLATE = 'https://tiles.test/{z}/{x}/{y}.png';

const summary = trackSummaryWith;

const detail = trackDetailWith({ map: { tileUrl: TEMPLATE, attribution: 'Tiles', zoom: 12 } });
const allShown = Object.fromEntries(TRACKING_SETTING_KEYS.map((k) => [k, 'T']));

/** The page's input as the server hands it over: the answers of trackPageCalls, by their keys. */
function input(
  database = DEMO.name,
  answers: [unknown, unknown, unknown, unknown] = [allShown, summary(), detail, { guestAccessAllowed: true }],
): TrackFirstViewInput {
  const calls = trackPageCalls(database, 'TABC123', true);
  return {
    url: `/docket/track?tracking_ref=TABC123&database=${encodeURIComponent(database)}`,
    database,
    tracking_ref: 'TABC123',
    answers: Object.fromEntries(calls.map((c, i) => [pageCallKey(c.path, c.body), answers[i]])),
    databases: [DEMO, NORTHERN],
  };
}

const parse = (html: string) => new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');

describe("the server's rendering of a guest's tracking page (prerender)", () => {
  it('writes the page as the app draws it: the frame in the database’s theme, the heading and the Order Summary', () => {
    const page = parse(renderTrackFirstView(input(NORTHERN.name))!);
    expect(page.querySelector('header')?.textContent).toContain('Northern Express');
    // The link names the database, which lets guests in: its guest menu is drawn with the page.
    expect(page.getElementById('guest-menu')).not.toBeNull();
    expect(page.querySelector('h1')?.textContent).toBe('Tracking Reference TABC123');
    const order = page.querySelector('section[aria-label="Order Summary"]')!;
    expect(order.textContent).toContain('Docket No 1001');
    expect(order.textContent).toContain('Leeds, LS1 4AP');
    expect(order.textContent).toContain('York, YO1 7HH');
    expect(page.querySelector('section[aria-label="Map View"]')).not.toBeNull();
  });

  it("names the tiles of a phone's first view of the map, each where the map puts it", () => {
    const page = parse(renderTrackFirstView(input())!);
    const tiles = phoneTiles(detail, true, true);
    const pictures = [...page.querySelectorAll('[data-testid="map-mosaic"] picture')];
    expect(pictures.length).toBe(tiles.length);
    expect(tiles.filter((t) => !t.belowCentre).length).toBeGreaterThan(6);
    expect(tiles.some((t) => t.belowCentre)).toBe(true);
    pictures.forEach((picture, i) => {
      const tile = tiles[i]!;
      const img = picture.querySelector('img')!;
      expect(img.getAttribute('src')).toBe(tileUrl(TEMPLATE, tile.tile));
      expect(img.getAttribute('style')).toContain(`left:calc(50% + ${tile.left}px)`);
      expect(img.getAttribute('style')).toContain(`top:${tile.top}px`);
      // The rows below the centre's, seldom in a phone's first screen, wait until laid out near it.
      expect(img.getAttribute('loading')).toBe(tile.belowCentre ? 'lazy' : null);
      expect(img.getAttribute('fetchpriority')).toBe(tile.belowCentre ? 'low' : 'high');
      // A screen that does not show it draws a blank without a request.
      const media = picture.querySelector('source')!.getAttribute('media')!;
      expect(media).toContain(`not all and (min-resolution: ${DENSE_RATIO}dppx)`);
      expect(media).toContain(`(min-width: ${PHONE_MAX_WIDTH + 1}px)`);
      if (tile.minWidth > 0) expect(media.startsWith(`(max-width: ${tile.minWidth - 1}px), `)).toBe(true);
      else expect(media.startsWith('(max-width')).toBe(false);
    });
  });

  it("names its ids, responsive styles and colours apart from the app's, which draws the page again under it", () => {
    const html = renderTrackFirstView(input())!;
    expect(html).not.toMatch(/\b(__m__|mantine)-P\d/);
    expect(html).not.toMatch(/\b(id|for|aria-[a-z]+)="([^"]*\s)?P\d+-\d+/);
    // Its colours are its own element's, not the page root's, where the app sets its own.
    expect(html).not.toContain(':root');
    expect(parse(html).querySelector('.boot-view-theme')?.getAttribute('data-mantine-color-scheme')).toBe(
      'light',
    );
    expect(html).toMatch(/\.boot-view-theme\{--mantine-/);
    expect(html).toMatch(/__m__-S\d+-\d+/);
    expect(html).toMatch(/id="mantine-S\d+-\d+"/);
  });

  it('writes what the answers say as text, never as markup', () => {
    const town = '<img src=x onerror="alert(1)">';
    const html = renderTrackFirstView(
      input(DEMO.name, [
        allShown,
        summary({ collection: { town, postcode: 'LS1 4AP' } }),
        detail,
        { guestAccessAllowed: true },
      ]),
    )!;
    expect(html).not.toContain(town);
    expect(parse(html).querySelector('section[aria-label="Order Summary"]')?.textContent).toContain(town);
  });

  it("writes nothing without one of the page's answers", () => {
    expect(
      renderTrackFirstView(input(DEMO.name, [allShown, summary(), undefined, { guestAccessAllowed: true }])),
    ).toBeUndefined();
    expect(
      renderTrackFirstView(input(DEMO.name, [undefined, summary(), detail, { guestAccessAllowed: true }])),
    ).toBeUndefined();
    expect(renderTrackFirstView(input(DEMO.name, [allShown, summary(), detail, undefined]))).toBeUndefined();
  });

  it('draws no tiles for a map of tiles only Leaflet can name, or of @2x tiles', () => {
    for (const template of ['https://tiles.test/{z}/{x}/{-y}.png', 'https://tiles.test/{z}/{x}/{y}{r}.png']) {
      const d = trackDetailWith({
        map: { tileUrl: template, attribution: '', zoom: 12 },
        markers: { collection: null, delivery: LONDON },
      });
      const page = parse(
        renderTrackFirstView(input(DEMO.name, [allShown, summary(), d, { guestAccessAllowed: true }]))!,
      );
      expect(page.querySelectorAll('[data-testid="map-mosaic"] img')).toHaveLength(0);
    }
  });
});
