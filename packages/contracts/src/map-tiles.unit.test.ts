import { describe, expect, it } from 'vitest';
import { centreTile, denseTiles, mapCentre, tileUrl, worldPixel } from './map-tiles';

const LONDON = { lat: 51.5014, lon: -0.1419 };
const GLASGOW = { lat: 55.8642, lon: -4.2518 };
const map = { tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '', zoom: 6 };

describe('denseTiles', () => {
  it('draws half-size tiles of the next zoom from 1.75 device pixels to the CSS pixel only', () => {
    const osm = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
    // Phones (Lighthouse's is 1.75), retina screens.
    for (const ratio of [1.75, 2, 2.625, 3]) expect(denseTiles(osm, ratio), String(ratio)).toBe(true);
    // Desktop scaling and browser zoom: the plain tiles, names at their size.
    for (const ratio of [1, 1.1, 1.25, 1.5, 1.7]) expect(denseTiles(osm, ratio), String(ratio)).toBe(false);
    // A template whose server sends '@2x' tiles itself is not doubled again.
    expect(denseTiles('https://tiles.test/{z}/{x}/{y}{r}.png', 2)).toBe(false);
  });
});

describe('the map tiles', () => {
  it('places points as Web Mercator does: the world 256 px square at zoom 0', () => {
    expect(worldPixel({ lat: 0, lon: 0 }, 0)).toEqual({ x: 128, y: 128 });
    expect(worldPixel({ lat: 0, lon: -180 }, 1).x).toBe(0);
    // Beyond Mercator's limit a point stays at the edge.
    expect(worldPixel({ lat: 89.9, lon: 0 }, 0).y).toBeCloseTo(0, 6);
    // London at zoom 6 (OpenStreetMap's tile 31/21 holds it).
    const p = worldPixel(LONDON, 6);
    expect([Math.floor(p.x / 256), Math.floor(p.y / 256)]).toEqual([31, 21]);
  });

  it('opens on the driver, else the delivery, else the collection, else the last point, else Great Britain', () => {
    const markers = { collection: GLASGOW, delivery: LONDON };
    const driver = { lat: 53, lon: -2 };
    expect(mapCentre({ driver, markers, route: [] })).toEqual(driver);
    expect(mapCentre({ driver: null, markers, route: [] })).toEqual(LONDON);
    expect(mapCentre({ driver: null, markers: { collection: GLASGOW, delivery: null }, route: [] })).toEqual(
      GLASGOW,
    );
    expect(
      mapCentre({ driver: null, markers: { collection: null, delivery: null }, route: [driver] }),
    ).toEqual(driver);
    expect(mapCentre({ driver: null, markers: { collection: null, delivery: null }, route: [] })).toEqual({
      lat: 54,
      lon: -2.5,
    });
  });

  it("names the centre's tile at the map's zoom, or the next one's on a dense screen", () => {
    const detail = { driver: null, markers: { collection: GLASGOW, delivery: LONDON }, route: [], map };
    expect(centreTile(detail, false)).toEqual({ x: 31, y: 21, z: 6 });
    expect(centreTile(detail, true)).toEqual({ x: 63, y: 42, z: 7 });
    // Past the deepest zoom (19) there is no tile of its own.
    expect(centreTile({ ...detail, map: { ...map, zoom: 19 } }, true)).toBeUndefined();
    expect(centreTile({ ...detail, map: { ...map, zoom: 19 } }, false)).toMatchObject({ z: 19 });
    // A zoom between two has no tiles of its own (Leaflet would round it).
    expect(centreTile({ ...detail, map: { ...map, zoom: 6.5 } }, false)).toBeUndefined();
  });

  it("writes a tile's URL as Leaflet does, and none from a template only Leaflet understands", () => {
    expect(tileUrl(map.tileUrl, { x: 31, y: 21, z: 6 })).toBe('https://tile.openstreetmap.org/6/31/21.png');
    // Leaflet's subdomain: |x + y| mod 3 of 'abc'; `{r}` '@2x' on a retina screen, else empty.
    expect(tileUrl('https://{s}.tiles.test/{z}/{x}/{y}{r}.png', { x: 31, y: 21, z: 6 })).toBe(
      'https://b.tiles.test/6/31/21.png',
    );
    expect(tileUrl('https://{s}.tiles.test/{z}/{x}/{y}{r}.png', { x: 31, y: 21, z: 6 }, true)).toBe(
      'https://b.tiles.test/6/31/21@2x.png',
    );
    expect(tileUrl('https://tiles.test/{z}/{x}/{-y}.png', { x: 1, y: 1, z: 1 })).toBeUndefined();
    expect(tileUrl('https://tiles.test/{z}/{x}/{y}.png?key={apikey}', { x: 1, y: 1, z: 1 })).toBeUndefined();
  });
});
