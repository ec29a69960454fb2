import type { TrackDetailResponse } from '@courier/contracts';
import {
  denseTiles,
  PHONE_MAX_WIDTH,
  phoneTiles,
  TILE_REFERRER_POLICY,
  tileUrl,
} from '@courier/contracts/map-tiles';

/** The screen the map opens on: the page's width (CSS px) and the device pixel ratio. */
export interface Screen {
  width: number;
  ratio: number;
}

/** The tiles asked for, held for the page's life (an image nobody holds may leave the memory cache). */
const asked: HTMLImageElement[] = [];

/**
 * Asks for the tiles a phone's map shows first (contracts phoneTiles: its rows from the top down to
 * the centre's, the columns its width shows) as soon as the tracking page's code runs (TrackPage, with the details the
 * page carries), while the screen is still being set up and drawn: by the time the map's box is
 * drawn (TileMosaic) they are in the browser's memory, rather than asked for then. Not named in the
 * page itself (apps/server web/map-preload names the centre's tile only): fetched beside the page's
 * code, they slowed its first paint by 0.4 s on a throttled phone. Each with the URL and referrer
 * policy the map asks for its own with (no CORS), so that the map's is this one; at high
 * priority, as the map asks for those in view. `screen.width` is the page's width (CSS px,
 * without a scroll bar). Answers their URLs; none on a wider screen (the page names the centre's
 * tile, the rest are many), for details that show no map, or tiles only Leaflet can name.
 * Spec "bookings…" §2 Map View.
 */
export function fetchFirstTiles(
  detail: TrackDetailResponse,
  screen: Screen = { width: document.documentElement.clientWidth, ratio: window.devicePixelRatio },
): string[] {
  if (!detail.shown.map || !detail.map.tileUrl || screen.width > PHONE_MAX_WIDTH) return [];
  // Decided as the map decides them (MapView: denseTiles, Leaflet's Browser.retina).
  const dense = denseTiles(detail.map.tileUrl, screen.ratio);
  const retina = screen.ratio > 1;
  const urls = phoneTiles(detail, dense)
    .filter((t) => t.minWidth <= screen.width)
    .map((t) => tileUrl(detail.map.tileUrl, t.tile, retina));
  if (urls.some((url) => url === undefined)) return [];
  for (const url of urls as string[]) {
    const image = new Image();
    image.fetchPriority = 'high';
    image.referrerPolicy = TILE_REFERRER_POLICY;
    asked.push(image);
    image.src = url;
  }
  return urls as string[];
}
