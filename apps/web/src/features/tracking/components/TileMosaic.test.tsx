import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, waitFor } from '@testing-library/react';
import L from 'leaflet';
import type { MapPoint } from '@courier/contracts';
import {
  centreTile,
  MAP_HEIGHT,
  PHONE_MAP_INSET,
  PHONE_MAX_WIDTH,
  phoneTiles,
  tileUrl,
} from '@courier/contracts/map-tiles';
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

/**
 * The tiles Leaflet itself shows, with TrackMap's options, in a box of WIDTH×HEIGHT: URL and place
 * (`retina`: as on a screen Leaflet takes for one, L.Browser.retina).
 */
function leafletTiles({ detail: d, dense, retina }: Pick<MosaicOf, 'detail' | 'dense' | 'retina'>) {
  const wasRetina = L.Browser.retina;
  (L.Browser as { retina: boolean }).retina = retina;
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
  (L.Browser as { retina: boolean }).retina = wasRetina;
  return tiles;
}

const byUrl = <T extends { url: string }>(tiles: T[]) =>
  [...tiles].sort((a, b) => a.url.localeCompare(b.url));

describe('the map drawn before Leaflet (TileMosaic)', () => {
  it.each([
    ['London at the spec zoom, plain tiles', detail(LONDON, 6), false, false],
    ['London at the spec zoom, dense tiles', detail(LONDON, 6), true, true],
    ['a street, dense tiles', detail({ lat: 53.4808, lon: -2.2426 }, 16), true, true],
    ['across the date line', detail({ lat: -16.5, lon: 179.99 }, 3), false, false],
    ['near the pole (rows off the world)', detail({ lat: 84.9, lon: 10 }, 2), true, true],
    ['near the pole at 4, plain', detail({ lat: 80, lon: 10 }, 4), false, false],
    [
      "'@2x' tiles of the server's, retina",
      detail(LONDON, 6, 'https://t.test/{z}/{x}/{y}{r}.png'),
      false,
      true,
    ],
    [
      "'@2x' tiles of the server's, not retina",
      detail(LONDON, 6, 'https://t.test/{z}/{x}/{y}{r}.png'),
      false,
      false,
    ],
  ])('lays out the tiles Leaflet shows, where it shows them: %s', (_, d, dense, retina) => {
    const ours = mosaicTiles({ detail: d, dense, retina, width: WIDTH, height: HEIGHT });
    expect(byUrl(ours.map(({ url, left, top }) => ({ url, left, top })))).toEqual(
      byUrl(leafletTiles({ detail: d, dense, retina })),
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
        retina: false,
        width: WIDTH,
        height: HEIGHT,
      }),
    ).toEqual([]);
    expect(
      mosaicTiles({ detail: detail(LONDON, 19), dense: true, retina: false, width: WIDTH, height: HEIGHT }),
    ).toEqual([]);
    expect(
      mosaicTiles({
        detail: detail(LONDON, 6, ''),
        dense: false,
        retina: false,
        width: WIDTH,
        height: HEIGHT,
      }),
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
          <TileMosaic detail={d} dense retina={false} onDrawn={onDrawn} />
        </div>,
      );
      expect(container.querySelector('[data-testid="map-mosaic"]')!.getAttribute('aria-hidden')).toBe('true');
      const all = mosaicTiles({ detail: d, dense: true, retina: false, width: WIDTH, height: HEIGHT });
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
      expect(onDrawn).toHaveBeenCalledWith(false);
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
      const { container } = render(<TileMosaic detail={d} dense retina={false} />);
      expect([...container.querySelectorAll('img')].map((i) => i.getAttribute('src'))).toEqual([
        'https://tiles.test/7/63/42.png',
      ]);
    } finally {
      rect.mockRestore();
    }
  });

  it('lets the map load after a while when a tile in view never answers, and says when there was nothing to draw', async () => {
    vi.useFakeTimers();
    try {
      const onDrawn = vi.fn();
      render(<TileMosaic detail={detail(LONDON, 6)} dense retina={false} onDrawn={onDrawn} />);
      await vi.advanceTimersByTimeAsync(2_900);
      expect(onDrawn).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(300);
      expect(onDrawn).toHaveBeenCalledWith(false);
      // A box of no size (a window not laid out yet): nothing to draw, the map may load at once.
      const none = vi.fn();
      const zero = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(0);
      render(<TileMosaic detail={detail(LONDON, 6)} dense retina={false} onDrawn={none} />);
      await vi.advanceTimersByTimeAsync(100);
      expect(none).toHaveBeenCalledWith(true);
      zero.mockRestore();
    } finally {
      vi.useRealTimers();
    }
  });

  it('lays the tiles out again when the box changes size or the map its centre', () => {
    let resized: () => void = () => undefined;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          resized = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    try {
      const d = detail(LONDON, 6, 'https://tiles.test/{z}/{x}/{y}.png');
      const { container, rerender } = render(<TileMosaic detail={d} dense retina={false} />);
      const placed = () =>
        [...container.querySelectorAll('img')].map((i) => `${i.getAttribute('src')} ${i.style.left}`).sort();
      const before = placed();
      const wider = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(WIDTH + 40);
      act(() => resized());
      const widerTiles = mosaicTiles({
        detail: d,
        dense: true,
        retina: false,
        width: WIDTH + 40,
        height: HEIGHT,
      });
      expect(placed()).not.toEqual(before);
      expect(placed().every((p) => widerTiles.some((t) => p === `${t.url} ${t.left}px`))).toBe(true);
      wider.mockRestore();
      // The driver's position arrives: the map will open there, and so do the tiles.
      const moved = { ...d, driver: { lat: 53.4808, lon: -2.2426 } };
      rerender(<TileMosaic detail={moved} dense retina={false} />);
      const there = mosaicTiles({
        detail: moved,
        dense: true,
        retina: false,
        width: WIDTH + 40,
        height: HEIGHT,
      });
      expect(placed().every((p) => there.some((t) => p.startsWith(t.url)))).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe("phoneTiles (contracts), the tiles a phone asks for as the tracking page's code starts", () => {
  it("are the mosaic's tiles of every phone's map, from its top down to the centre's row, where it puts them", () => {
    const template = 'https://tiles.test/{z}/{x}/{y}.png';
    const rowOf = (url: string) => Number(/\/(\d+)\.png$/.exec(url)![1]);
    // British points, and the edges of the world: the antimeridian (columns wrap) and Mercator's limit.
    const points: MapPoint[] = [
      LONDON,
      { lat: 55.8642, lon: -4.2518 },
      { lat: 50.1, lon: -5.53 },
      { lat: -33.9, lon: 179.99 },
      { lat: 84.9, lon: -179.99 },
    ];
    const zooms = [2, 6, 13, 16, 18];
    let compared = 0;
    for (const point of points)
      for (const zoom of zooms)
        for (const dense of [true, false]) {
          const d = detail(point, zoom, template);
          const named = phoneTiles(d, dense);
          const centreRow = centreTile(d, dense)!.y;
          for (let width = 320; width <= PHONE_MAX_WIDTH; width++) {
            const box = { width: width - PHONE_MAP_INSET, height: MAP_HEIGHT };
            const mosaic = mosaicTiles({ detail: d, dense, retina: false, ...box }).filter(
              (t) => rowOf(t.url) <= centreRow,
            );
            const forWidth = named.filter((t) => t.minWidth <= width);
            const shown = mosaic.map((t) => t.url);
            expect(
              forWidth.map((t) => tileUrl(template, t.tile)!).sort(),
              `${point.lat} z${zoom} ${dense} ${width}`,
            ).toEqual(shown.sort());
            // Each where the mosaic puts it: from the box's middle (exact for an even width) and top.
            if (box.width % 2 === 0)
              expect(
                forWidth
                  .map((t) => `${tileUrl(template, t.tile)!} ${box.width / 2 + t.left},${t.top}`)
                  .sort(),
              ).toEqual(mosaic.map((t) => `${t.url} ${t.left},${t.top}`).sort());
            compared++;
          }
        }
    expect(compared).toBe(points.length * zooms.length * 2 * (PHONE_MAX_WIDTH - 319));
  });

  it("are the mosaic's whole map with `wholeMap`, the rows below the centre's marked", () => {
    const template = 'https://tiles.test/{z}/{x}/{y}.png';
    for (const zoom of [6, 13, 18])
      for (const dense of [true, false]) {
        const d = detail(LONDON, zoom, template);
        const whole = phoneTiles(d, dense, true);
        const centreRow = centreTile(d, dense)!.y;
        expect(whole.filter((t) => !t.belowCentre)).toEqual(phoneTiles(d, dense));
        expect(whole.filter((t) => t.belowCentre).every((t) => t.tile.y > centreRow)).toBe(true);
        // Boxes of an even width, where the place from the middle is exact.
        for (const width of [320, 412, 600, PHONE_MAX_WIDTH - 1]) {
          const box = { width: width - PHONE_MAP_INSET, height: MAP_HEIGHT };
          const mosaic = mosaicTiles({ detail: d, dense, retina: false, ...box });
          expect(
            whole
              .filter((t) => t.minWidth <= width)
              .map((t) => `${tileUrl(template, t.tile)!} ${box.width / 2 + t.left},${t.top}`)
              .sort(),
            `z${zoom} ${dense} ${width}`,
          ).toEqual(mosaic.map((t) => `${t.url} ${t.left},${t.top}`).sort());
        }
      }
  });
});
