import type { MapPoint, TrackDetailResponse } from './tracking';

// The Map View's tiles (spec "bookings…" §2 Map View), as Leaflet lays them out (EPSG:3857, 256-px
// tiles, OpenStreetMap's {z}/{x}/{y}): shared by the web app, which draws the tiles round the map's
// centre before Leaflet's code has loaded (and asks for a phone's first view of them as its code
// starts), and the server, which names the centre tile in the tracking page it sends so that the
// browser fetches it with the page.

/** A tile's size in its image (px): OpenStreetMap's and every common tile server's. */
export const TILE_SIZE = 256;

/** OpenStreetMap's deepest zoom: the map may zoom that far whatever the screen. */
export const MAX_TILE_ZOOM = 19;

/** The device pixel ratio from which the map draws the next zoom's tiles at half size (denseTiles). */
export const DENSE_RATIO = 1.75;

/**
 * The Referer the map's tile requests carry: the portal's origin alone. The portal's pages send
 * none (their policy is no-referrer), but tile servers ask web pages for one (OpenStreetMap's
 * tile usage policy), and a page's path and query (the tracking page's hold the reference) are
 * never sent to another site.
 */
export const TILE_REFERRER_POLICY = 'strict-origin';

/** Where the map opens when the docket has no point at all: the middle of Great Britain. */
const GB: MapPoint = { lat: 54.0, lon: -2.5 };

/** Leaflet's limit of latitude in Web Mercator (L.Projection.SphericalMercator.MAX_LATITUDE). */
const MAX_LATITUDE = 85.0511287798;

/** A tile by its column, row and zoom (the URL's {x}, {y}, {z}). */
export interface TileCoords {
  x: number;
  y: number;
  z: number;
}

/**
 * Whether the map draws the next zoom's tiles at half size (128 px): on a screen of at least 1.75
 * device pixels to the CSS pixel (phones, retina laptops, 175 % desktop scaling), where a 256-px
 * tile would be stretched past 1.75× and blurred (Lighthouse: 'low resolution' on its phone, 1.75).
 * Half-size tiles draw their names at half their CSS size (at 1.75, 7/8 of their size in device
 * pixels), so below that (110 % browser zoom, 125 % or 150 % desktop scaling) the plain tiles stay:
 * names at their size, a quarter of the tiles (Leaflet's own detectRetina switches at any ratio
 * over 1, names down to 5/8 at 125 %). Not for a template with `{r}`, whose server already sends
 * '@2x' tiles. Decided once, when the map opens.
 */
export function denseTiles(tileUrl: string, devicePixelRatio: number): boolean {
  return devicePixelRatio >= DENSE_RATIO && !hasRetinaTiles(tileUrl);
}

/**
 * Where the map opens (spec "bookings…" §2 Map View): on the driver while live, else the delivery,
 * else the collection, else the last point travelled, else the middle of Great Britain.
 */
export function mapCentre(detail: Pick<TrackDetailResponse, 'route' | 'markers' | 'driver'>): MapPoint {
  return detail.driver ?? detail.markers.delivery ?? detail.markers.collection ?? detail.route.at(-1) ?? GB;
}

/**
 * A point's place (px, fractional) on the whole world drawn at `zoom` (256 × 2^zoom px square, 0,0
 * at its north-west corner): Leaflet's EPSG:3857 latLngToPoint.
 */
export function worldPixel(point: MapPoint, zoom: number): { x: number; y: number } {
  const scale = TILE_SIZE * 2 ** zoom;
  const lat = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, point.lat));
  const sin = Math.sin((lat * Math.PI) / 180);
  return {
    x: scale * (0.5 + point.lon / 360),
    y: scale * (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)),
  };
}

/** The placeholders a tile URL template may hold here; any other and no tile is named from it. */
const PLACEHOLDER = /\{([^}]*)\}/g;
const KNOWN = new Set(['s', 'x', 'y', 'z', 'r']);

/**
 * A tile's URL from the template (MAP_TILE_URL) as Leaflet's TileLayer writes it: `{s}` one of
 * 'a', 'b', 'c' by the tile's column and row, `{r}` '@2x' on a `retina` screen (Leaflet: more than
 * one device pixel to the CSS pixel) and '' otherwise; undefined for a template with any other
 * placeholder (`{-y}`, a key), whose URL only Leaflet writes.
 */
export function tileUrl(template: string, tile: TileCoords, retina = false): string | undefined {
  const names = [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!);
  if (names.some((n) => !KNOWN.has(n))) return undefined;
  const values: Record<string, string> = {
    s: 'abc'[Math.abs(tile.x + tile.y) % 3]!,
    x: String(tile.x),
    y: String(tile.y),
    z: String(tile.z),
    r: retina ? '@2x' : '',
  };
  return template.replace(PLACEHOLDER, (_, name: string) => values[name]!);
}

/** Whether a template asks for '@2x' tiles on a retina screen (its `{r}`, tileUrl). */
export const hasRetinaTiles = (template: string): boolean => template.includes('{r}');

/**
 * The tile under the map's centre (mapCentre), the one the map shows first: of the map's zoom, or
 * of the next on a dense screen (denseTiles). Undefined past the tiles' deepest zoom (Leaflet then
 * stretches the deepest ones).
 */
export function centreTile(
  detail: Pick<TrackDetailResponse, 'route' | 'markers' | 'driver' | 'map'>,
  dense: boolean,
): TileCoords | undefined {
  const z = detail.map.zoom + (dense ? 1 : 0);
  if (!Number.isInteger(z) || z > MAX_TILE_ZOOM || z < 0) return undefined;
  const at = worldPixel(mapCentre(detail), z);
  const count = 2 ** z;
  const x = Math.floor(at.x / TILE_SIZE);
  return { x: ((x % count) + count) % count, y: Math.min(count - 1, Math.floor(at.y / TILE_SIZE)), z };
}

/** The Map View's height (px) on every screen: the map, its loader and its 'not available' line. */
export const MAP_HEIGHT = 360;

/**
 * A phone's map box (spec "bookings…" §2 Map View; issue 15, its largest paint): as wide as the
 * screen less this (px; the page's and the section's padding, 29 px a side), on screens up to
 * PHONE_MAX_WIDTH px wide (Mantine's `sm`, 48em, from which the page's padding grows).
 */
export const PHONE_MAP_INSET = 58;
export const PHONE_MAX_WIDTH = 767;

/** A tile a phone's map shows at first, and the narrowest screen (CSS px) whose map shows it. */
export interface PhoneTile {
  tile: TileCoords;
  /** 0 when every phone's map shows it. */
  minWidth: number;
  /**
   * Its place in the map's box (px), as the map puts it (TileMosaic, Leaflet's GridLayer): `top`
   * from the box's top, `left` from the box's middle (its left edge at 50% plus `left`, exact for a
   * box of an even width, half a pixel off for an odd one).
   */
  left: number;
  top: number;
  /** In a row below the centre's (phoneTiles' `wholeMap`): a phone's first screen seldom shows it. */
  belowCentre: boolean;
}

/**
 * The tiles of a phone's map (MAP_HEIGHT tall, the screen less PHONE_MAP_INSET wide, on screens
 * up to PHONE_MAX_WIDTH) in the rows from its top down to the centre's, each with the narrowest
 * screen that shows it: what a phone has in view as the tracking page opens, the map being the
 * last part of its first screen (its top 120–300 px in view from 360 to 430 px wide). The tiles
 * and their range are the web app's (features/tracking TileMosaic, as Leaflet's GridLayer: the
 * range round the centre's pixel, floored): 128-px tiles of the next zoom on a dense screen
 * (denseTiles), else 256-px ones. Empty where there are no tiles of that zoom (as centreTile) or
 * the map's zoom is below 0. `wholeMap`: the rows below the centre's too, down to the map's bottom
 * (`belowCentre`), as the server writes a phone's first view of it (apps/web FirstViewMosaic).
 */
export function phoneTiles(
  detail: Pick<TrackDetailResponse, 'route' | 'markers' | 'driver' | 'map'>,
  dense: boolean,
  wholeMap = false,
): PhoneTile[] {
  const z = detail.map.zoom + (dense ? 1 : 0);
  if (!Number.isInteger(z) || z > MAX_TILE_ZOOM || detail.map.zoom < 0) return [];
  const size = dense ? TILE_SIZE / 2 : TILE_SIZE;
  const at = worldPixel(mapCentre(detail), detail.map.zoom);
  const floor = { x: Math.floor(at.x), y: Math.floor(at.y) };
  const count = 2 ** z;
  const widest = PHONE_MAX_WIDTH - PHONE_MAP_INSET;
  const tiles: PhoneTile[] = [];
  const centreRow = Math.floor(floor.y / size);
  const lastRow = wholeMap ? Math.ceil((floor.y + MAP_HEIGHT / 2) / size) - 1 : centreRow;
  for (let y = Math.floor((floor.y - MAP_HEIGHT / 2) / size); y <= lastRow; y++) {
    if (y < 0 || y >= count) continue;
    for (
      let x = Math.floor((floor.x - widest / 2) / size);
      x <= Math.ceil((floor.x + widest / 2) / size) - 1;
      x++
    ) {
      // A box `w` px wide shows column x when its edges pass the column's: w/2 beyond the centre.
      const reach = Math.max(size * x - floor.x, floor.x - size * (x + 1));
      const minWidth = reach < 0 ? 0 : 2 * reach + 1 + PHONE_MAP_INSET;
      tiles.push({
        tile: { x: ((x % count) + count) % count, y, z },
        minWidth,
        left: size * x - Math.round(at.x),
        top: size * y - Math.round(at.y - MAP_HEIGHT / 2),
        belowCentre: y > centreRow,
      });
    }
  }
  return tiles;
}
