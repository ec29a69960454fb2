import type { TrackDetailResponse } from '@courier/contracts';
import {
  denseTiles,
  PHONE_MAX_WIDTH,
  phoneTiles,
  TILE_REFERRER_POLICY,
  tileUrl,
} from '@courier/contracts/map-tiles';

/** The screen the map opens on: its width (CSS px) and device pixel ratio. */
export interface Screen {
  width: number;
  ratio: number;
}

/** The tiles asked for and not yet in, kept until they are (an image nobody holds may be dropped). */
const loading = new Set<HTMLImageElement>();

/**
 * Asks for the tiles a phone's map shows first (contracts phoneTiles: the top half of its box, the
 * columns its width shows) as soon as the tracking page's code runs (TrackPage, with the details the
 * page carries), while the screen is still being set up and drawn: by the time the map's box is
 * drawn (TileMosaic) they are in the browser's memory, rather than asked for then. Not named in the
 * page itself (apps/server web/map-preload names the centre's tile only): fetched beside the page's
 * code, they slowed its first paint by 0.4 s on a throttled phone. Each as the map asks for its
 * own (the same URL, priority and referrer policy), so that the map's is this one. Answers their
 * URLs; none on a wider screen (the page names the centre's tile, the rest are many), for
 * details that show no map, or tiles only Leaflet can name.
 */
export function fetchFirstTiles(
  detail: TrackDetailResponse,
  screen: Screen = { width: window.innerWidth, ratio: window.devicePixelRatio },
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
    image.onload = image.onerror = () => loading.delete(image);
    loading.add(image);
    image.src = url;
  }
  return urls as string[];
}
