import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, waitFor } from '@testing-library/react';
import L from 'leaflet';
import type { MapPoint } from '@courier/contracts';
import { mosaicTiles, TileMosaic, type MosaicOf } from './TileMosaic';

/** The map's box in these tests (px): a phone's tracking page, an odd width. */
const WIDTH = 361;
const HEIGHT = 360;

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => WIDTH });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => HEIGHT });
});
afterAll(() => {
  Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
  Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
});

const LONDON: MapPoint = { lat: 51.5014, lon: -0.1419 };
const detail = (centre: MapPoint, zoom: number, tileUrl = 'https://{s}.tiles.test/{z}/{x}/{y}.png') => ({
  route: [],
  markers: { collection: null, delivery: centre },
  driver: null,
  map: { tileUrl, attribution: '', zoom },
});

/** The tiles Leaflet itself shows, with TrackMap's options, in a box of WIDTH×HEIGHT: URL and place. */
function leafletTiles({ detail: d, dense }: Pick<MosaicOf, 'detail' | 'dense'>) {
  const box = document.createElement('div');
  document.body.append(box);
  const map = L.map(box, { center: [d.markers.delivery!.lat, d.markers.delivery!.lon], zoom: d.map.zoom });
  L.tileLayer(d.map.tileUrl, {
    tileSize: dense ? 128 : 256,
    zoomOffset: dense ? 1 : 0,
    maxZoom: 19,
    maxNativeZoom: dense ? 18 : 19,
  }).addTo(map);
  // A tile's place in the box: its own in its zoom's container, plus the container's (Leaflet moves
  // the container when the map's top is off the world, past Mercator's limit).
  const px = (value: string) => (value ? parseFloat(value) : 0);
  const tiles = [...box.querySelectorAll<HTMLImageElement>('img.leaflet-tile')].map((img) => ({
    url: img.src,
    left: px(img.style.left) + px(img.parentElement!.style.left),
    top: px(img.style.top) + px(img.parentElement!.style.top),
  }));
  map.remove();
  box.remove();
  return tiles;
}

const byUrl = <T extends { url: string }>(tiles: T[]) =>
  [...tiles].sort((a, b) => a.url.localeCompare(b.url));

describe('the map drawn before Leaflet (TileMosaic)', () => {
  it.each([
    ['London at the spec zoom, plain tiles', detail(LONDON, 6), false],
    ['London at the spec zoom, dense tiles', detail(LONDON, 6), true],
    ['a street, dense tiles', detail({ lat: 53.4808, lon: -2.2426 }, 16), true],
    ['across the date line', detail({ lat: -16.5, lon: 179.99 }, 3), false],
    ['near the pole (rows off the world)', detail({ lat: 84.9, lon: 10 }, 2), true],
    ['near the pole at 4, plain', detail({ lat: 80, lon: 10 }, 4), false],
  ])('lays out the tiles Leaflet shows, where it shows them: %s', (_, d, dense) => {
    const ours = mosaicTiles({ detail: d, dense, width: WIDTH, height: HEIGHT });
    expect(byUrl(ours.map(({ url, left, top }) => ({ url, left, top })))).toEqual(
      byUrl(leafletTiles({ detail: d, dense })),
    );
    // Exactly one is the centre's, and it holds the middle of the box (to half a pixel, the rounding).
    const centre = ours.filter((t) => t.centre);
    expect(centre).toHaveLength(1);
    const size = dense ? 128 : 256;
    for (const [at, middle] of [
      [centre[0]!.left, WIDTH / 2],
      [centre[0]!.top, HEIGHT / 2],
    ] as const) {
      expect(at).toBeLessThanOrEqual(middle + 0.5);
      expect(at + size).toBeGreaterThan(middle - 0.5);
    }
  });

  it('draws nothing from a template only Leaflet writes, or past the deepest zoom', () => {
    expect(
      mosaicTiles({
        detail: detail(LONDON, 6, 'https://t.test/{z}/{x}/{-y}.png'),
        dense: false,
        width: WIDTH,
        height: HEIGHT,
      }),
    ).toEqual([]);
    expect(mosaicTiles({ detail: detail(LONDON, 19), dense: true, width: WIDTH, height: HEIGHT })).toEqual(
      [],
    );
    expect(
      mosaicTiles({ detail: detail(LONDON, 6, ''), dense: false, width: WIDTH, height: HEIGHT }),
    ).toEqual([]);
  });

  it('shows the tiles in view first, the rest once those are in, then says it is drawn', async () => {
    const d = detail(LONDON, 6, 'https://tiles.test/{z}/{x}/{y}.png');
    // The box's top 100 px are in view, at the foot of the window (a phone's map below the fold).
    const top = window.innerHeight - 100;
    const rect = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue(DOMRect.fromRect({ x: 0, y: top, width: WIDTH, height: HEIGHT }));
    const onDrawn = vi.fn();
    try {
      const { container } = render(
        <div style={{ position: 'relative', height: HEIGHT }}>
          <TileMosaic detail={d} dense onDrawn={onDrawn} />
        </div>,
      );
      expect(container.querySelector('[data-testid="map-mosaic"]')!.getAttribute('aria-hidden')).toBe('true');
      const all = mosaicTiles({ detail: d, dense: true, width: WIDTH, height: HEIGHT });
      const inView = all.filter((t) => t.top < 100);
      expect(inView.length).toBeGreaterThan(0);
      expect(inView.length).toBeLessThan(all.length);
      const images = () => [...container.querySelectorAll('img')];
      expect(
        images()
          .map((i) => i.getAttribute('src'))
          .sort(),
      ).toEqual(inView.map((t) => t.url).sort());
      // One fails (offline, say), the others load: then every tile, and the map may load.
      fireEvent.error(images()[0]!);
      for (const img of images().slice(1)) {
        expect(onDrawn).not.toHaveBeenCalled();
        fireEvent.load(img);
      }
      await waitFor(() => expect(onDrawn).toHaveBeenCalledTimes(1));
      expect(
        images()
          .map((i) => i.getAttribute('src'))
          .sort(),
      ).toEqual(all.map((t) => t.url).sort());
      for (const img of images()) fireEvent.load(img);
      expect(onDrawn).toHaveBeenCalledTimes(1);
    } finally {
      rect.mockRestore();
    }
  });

  it('shows the centre tile first when no tile is in view', () => {
    const d = detail(LONDON, 6, 'https://tiles.test/{z}/{x}/{y}.png');
    const rect = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue(DOMRect.fromRect({ x: 0, y: window.innerHeight + 500, width: WIDTH, height: HEIGHT }));
    try {
      const { container } = render(<TileMosaic detail={d} dense />);
      expect([...container.querySelectorAll('img')].map((i) => i.getAttribute('src'))).toEqual([
        'https://tiles.test/7/63/42.png',
      ]);
    } finally {
      rect.mockRestore();
    }
  });
});
