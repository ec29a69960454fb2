import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  centreTile,
  mapCentre,
  MAX_TILE_ZOOM,
  TILE_REFERRER_POLICY,
  TILE_SIZE,
  tileUrl,
  worldPixel,
} from '@courier/contracts/map-tiles';
import type { TrackDetailResponse } from '@courier/contracts';
import { usePrerender } from '../../../lib/prerender';
import { FirstViewMosaic } from './FirstViewMosaic';

/** One tile of the mosaic: its URL and its place (px) in the map's box, and whether it is the centre's. */
export interface MosaicTile {
  url: string;
  left: number;
  top: number;
  centre: boolean;
}

/** What the mosaic draws: the map's details, its kind of screen and the map's box (px). */
export interface MosaicOf {
  detail: Pick<TrackDetailResponse, 'route' | 'markers' | 'driver' | 'map'>;
  /** The next zoom's tiles at half size (contracts denseTiles). */
  dense: boolean;
  /** A screen of more than one device pixel to the CSS pixel: `{r}` is '@2x' (contracts tileUrl). */
  retina: boolean;
  width: number;
  height: number;
}

/**
 * The tiles a Leaflet map of `width`×`height` px shows as it opens at the map's centre and zoom
 * (TrackMap: 256-px tiles, or on a dense screen the next zoom's at 128 px), each where Leaflet
 * places it (GridLayer: its pixel origin, the centre less half the box, rounded; the range of tiles
 * round the centre floored): the same URLs, so that Leaflet finds them loaded. Empty past the tiles'
 * deepest zoom or for a template whose URLs only Leaflet writes (contracts tileUrl).
 */
export function mosaicTiles({ detail, dense, retina, width, height }: MosaicOf): MosaicTile[] {
  const zoom = detail.map.zoom;
  const urlZoom = zoom + (dense ? 1 : 0);
  if (!detail.map.tileUrl || !Number.isInteger(zoom) || urlZoom > MAX_TILE_ZOOM || zoom < 0) return [];
  if (width <= 0 || height <= 0) return [];
  const size = dense ? TILE_SIZE / 2 : TILE_SIZE;
  const c = worldPixel(mapCentre(detail), zoom);
  const origin = { x: Math.round(c.x - width / 2), y: Math.round(c.y - height / 2) };
  const floor = { x: Math.floor(c.x), y: Math.floor(c.y) };
  const count = 2 ** urlZoom;
  const centre = centreTile(detail, dense);
  const tiles: MosaicTile[] = [];
  for (
    let y = Math.floor((floor.y - height / 2) / size);
    y <= Math.ceil((floor.y + height / 2) / size) - 1;
    y++
  ) {
    if (y < 0 || y >= count) continue;
    for (
      let x = Math.floor((floor.x - width / 2) / size);
      x <= Math.ceil((floor.x + width / 2) / size) - 1;
      x++
    ) {
      const wrapped = ((x % count) + count) % count;
      const url = tileUrl(detail.map.tileUrl, { x: wrapped, y, z: urlZoom }, retina);
      if (url === undefined) return [];
      tiles.push({
        url,
        left: x * size - origin.x,
        top: y * size - origin.y,
        centre: wrapped === centre?.x && y === centre.y,
      });
    }
  }
  return tiles;
}

/** The part of a box in view (px, in the box's own coordinates), from its place on the page. */
interface InView {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A tile by its place (a narrow zoom may show one tile twice, side by side). */
const placeOf = (t: MosaicTile) => `${t.left},${t.top}`;

/** Whether a tile of `px` at its place meets the part of the box in view. */
const meets = (t: MosaicTile, px: number, view: InView) =>
  t.left < view.right && t.left + px > view.left && t.top < view.bottom && t.top + px > view.top;

/**
 * How long the tiles in view may take (ms) before the rest and the map's code follow anyway: a
 * tile server that never answers (no load, no error) must not keep the map, and its own
 * 'not available' wait, from starting; nor a tab in the background, which paints nothing.
 */
const FIRST_TILES_MS = 3_000;

/** The box's size (px), as the map will read it. */
interface Size {
  width: number;
  height: number;
}

/**
 * The map's tiles as plain images while Leaflet's code loads (MapView), each where the map will
 * put it, so that the map opens over them without a move: first the tiles in view (the centre's
 * alone when none is: the page names it for the browser to fetch with the page, apps/server
 * web/map-preload), then, once those are in (or failed) and painted, or after FIRST_TILES_MS, the
 * rest; `onDrawn` is called then (once), for the map's code to load after what the user sees
 * rather than beside it (`empty`: there was nothing to draw, a box of no size). Laid out again when
 * its box's size or the map's centre changes (a scroll bar, a driver's new position), as the map
 * will open then. Fills its positioned parent; hidden from assistive technology (the map is named
 * there). Written by the server (usePrerender), a phone's first view of it (FirstViewMosaic).
 */
export function TileMosaic(
  props: Pick<MosaicOf, 'detail' | 'dense' | 'retina'> & { onDrawn?: (empty: boolean) => void },
) {
  // Written by the server, where the box cannot be measured: a phone's first view of it.
  return usePrerender() ? <FirstViewMosaic detail={props.detail} /> : <MeasuredMosaic {...props} />;
}

/** TileMosaic in the browser, from its box's measured size. */
function MeasuredMosaic({
  detail,
  dense,
  retina,
  onDrawn,
}: Pick<MosaicOf, 'detail' | 'dense' | 'retina'> & { onDrawn?: (empty: boolean) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<Size | null>(null);
  const [view, setView] = useState<InView | null>(null);
  const [settled, setSettled] = useState<ReadonlySet<string>>(new Set());
  const [allIn, setAllIn] = useState(false);
  const px = dense ? TILE_SIZE / 2 : TILE_SIZE;
  // Measured before the first paint, and again as the box changes size.
  useLayoutEffect(() => {
    const el = box.current!;
    const rect = el.getBoundingClientRect();
    setSize({ width: el.clientWidth, height: el.clientHeight });
    setView({
      left: Math.max(0, -rect.left),
      top: Math.max(0, -rect.top),
      right: Math.min(el.clientWidth, window.innerWidth - rect.left),
      bottom: Math.min(el.clientHeight, window.innerHeight - rect.top),
    });
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() =>
      setSize((was) =>
        was && was.width === el.clientWidth && was.height === el.clientHeight
          ? was
          : { width: el.clientWidth, height: el.clientHeight },
      ),
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const tiles = size ? mosaicTiles({ detail, dense, retina, ...size }) : [];
  const seen = view ? tiles.filter((t) => meets(t, px, view)) : [];
  const first = seen.length ? seen : tiles.filter((t) => t.centre);
  const firstIn = size !== null && first.every((t) => settled.has(t.url));
  // Once the tiles in view are painted (a frame after they are in), or after FIRST_TILES_MS.
  useEffect(() => {
    const timer = setTimeout(() => setAllIn(true), FIRST_TILES_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (!firstIn) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setAllIn(true))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [firstIn]);
  const drawn = useRef(false);
  const empty = size !== null && tiles.length === 0;
  useEffect(() => {
    if (!(allIn || empty) || drawn.current) return;
    drawn.current = true;
    onDrawn?.(empty);
  }, [allIn, empty, onDrawn]);
  const settle = (url: string) => setSettled((was) => (was.has(url) ? was : new Set(was).add(url)));
  const firstPlaces = new Set(first.map(placeOf));
  return (
    <div
      ref={box}
      aria-hidden
      data-testid="map-mosaic"
      style={{ position: 'absolute', inset: 0, overflow: 'hidden', borderRadius: 4 }}
    >
      {tiles
        .filter((t) => allIn || firstPlaces.has(placeOf(t)))
        .map((t) => (
          <img
            key={placeOf(t)}
            src={t.url}
            alt=""
            width={px}
            height={px}
            fetchPriority={firstPlaces.has(placeOf(t)) ? 'high' : 'low'}
            referrerPolicy={TILE_REFERRER_POLICY}
            onLoad={() => settle(t.url)}
            onError={() => settle(t.url)}
            style={{ position: 'absolute', left: t.left, top: t.top, maxWidth: 'none' }}
          />
        ))}
    </div>
  );
}
