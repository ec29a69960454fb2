import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import L from 'leaflet';
import type { MapPoint } from '@courier/contracts';
import TrackMap, { type TrackMapProps } from './TrackMap';

/** Glasgow (the collection), London (the delivery) and a point just north of London. */
const GLASGOW: MapPoint = { lat: 55.8642, lon: -4.2518 };
const LONDON: MapPoint = { lat: 51.5014, lon: -0.1419 };
const BARNET: MapPoint = { lat: 51.6444, lon: -0.1997 };

/** Every Leaflet map the tests make, newest last (Leaflet's own hook on map creation). */
const maps: L.Map[] = [];
L.Map.addInitHook(function (this: L.Map) {
  maps.push(this);
});

/**
 * jsdom lays nothing out: while these tests run, elements (the map's box) have the size the map has
 * on the page, about 660×360 (over jsdom's zeros, which Element.prototype keeps).
 */
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 660 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 360 });
});
afterAll(() => {
  Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
  Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
});

/** A live docket's map details from Glasgow to London, with the driver `driver` and route so far. */
const detail = (driver: MapPoint | null): TrackMapProps['detail'] => ({
  route: driver ? [GLASGOW, driver] : [],
  markers: { collection: GLASGOW, delivery: LONDON },
  driver,
  map: { tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', attribution: 'Tiles', zoom: 6 },
});

const inView = (map: L.Map, p: MapPoint) => map.getBounds().contains([p.lat, p.lon]);

describe('TrackMap', () => {
  it('keeps the driver in view as the live stream moves them, at the same zoom', async () => {
    const onUnavailable = () => undefined;
    const { rerender, unmount } = render(
      <TrackMap detail={detail(null)} dense={false} onUnavailable={onUnavailable} />,
    );
    const map = maps.at(-1)!;
    // No driver yet: centred on the delivery, at the spec's zoom; Glasgow is off the map.
    expect(map.getCenter().lat).toBeCloseTo(LONDON.lat, 3);
    expect(inView(map, GLASGOW)).toBe(false);

    // The driver's first position arrives at the collection: the map pans to show them.
    rerender(<TrackMap detail={detail(GLASGOW)} dense={false} onUnavailable={onUnavailable} />);
    await waitFor(() => expect(inView(map, GLASGOW)).toBe(true));
    expect(map.getZoom()).toBe(6);

    // The user looks at London again; a later position still in view (north London) moves nothing…
    map.setView([LONDON.lat, LONDON.lon], 6, { animate: false });
    rerender(<TrackMap detail={detail(BARNET)} dense={false} onUnavailable={onUnavailable} />);
    await new Promise((r) => setTimeout(r, 300));
    expect(map.getCenter().lat).toBeCloseTo(LONDON.lat, 3);
    expect(map.getCenter().lng).toBeCloseTo(LONDON.lon, 3);
    unmount();
  });

  it.each([false, true])("zooms to OpenStreetMap's deepest tiles (19), dense tiles %s", async (dense) => {
    const { container, unmount } = render(
      <TrackMap detail={detail(null)} dense={dense} onUnavailable={() => undefined} />,
    );
    const map = maps.at(-1)!;
    expect(map.getMaxZoom()).toBe(19);
    map.setView([LONDON.lat, LONDON.lon], 19, { animate: false });
    await waitFor(() =>
      expect(container.querySelector('img.leaflet-tile')?.getAttribute('src')).toMatch(
        /^https:\/\/tiles\.test\/19\//,
      ),
    );
    // Each tile asked for with the portal's origin alone as its Referer (contracts TILE_REFERRER_POLICY).
    expect(container.querySelector<HTMLImageElement>('img.leaflet-tile')!.referrerPolicy).toBe(
      'strict-origin',
    );
    unmount();
  });
});
