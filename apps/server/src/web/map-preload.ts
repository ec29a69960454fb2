/**
 * The `<link rel="preload" as="image">` of the tracking map's centre tile, for the tracking page
 * that carries its details (web/page-calls trackPageAnswers): the tile the map shows first (spec
 * "bookings…" §2 Map View; the web app draws it before Leaflet's code has loaded, features/tracking
 * TileMosaic). Named in the page, the browser fetches it with the page's code instead of after it
 * (Lighthouse, simulated phone: the map's tile was the page's largest paint, its request the last
 * of the chain). The map's tiles are of the next zoom on a dense screen (contracts denseTiles), so
 * there is one element per kind of screen, each for its screens only (`media`). The rest of a
 * phone's first view of the map is asked for by the page's code as it starts (web features/tracking
 * first-tiles), not here: named in the page, they were fetched beside its code and slowed its first
 * paint on a throttled phone by 0.4 s.
 *
 * Nothing when the page carries no details, when they show the caller no map or the server has
 * none, or when the tile's URL is one only Leaflet writes (contracts tileUrl). The tile is of the
 * point the details show the caller anyway: the page names nothing they do not.
 */

import {
  centreTile,
  DENSE_RATIO,
  hasRetinaTiles,
  TILE_REFERRER_POLICY,
  tileUrl,
  type TrackDetailResponse,
} from '@courier/contracts';
import { escapeHtml } from '../lib/html';

/** The tracking details' call (contracts trackPageCalls), as its answer's key begins. */
const DETAIL_KEY = '/api/docket/track/detail ';

/** The media of a dense screen (contracts denseTiles) and of the others. */
const DENSE_MEDIA = `(min-resolution: ${DENSE_RATIO}dppx)`;
const PLAIN_MEDIA = `not all and ${DENSE_MEDIA}`;
/** The media of a screen Leaflet takes as retina (over one device pixel to the CSS pixel), and of the others. */
const RETINA_MEDIA = '(min-resolution: 1.01dppx)';
const NOT_RETINA_MEDIA = `not all and ${RETINA_MEDIA}`;

/** One preload element for the centre tile of `detail`, for screens of `media` (all when none). */
function tileLink(detail: TrackDetailResponse, dense: boolean, retina: boolean, media?: string): string {
  const tile = centreTile(detail, dense);
  const url = tile && tileUrl(detail.map.tileUrl, tile, retina);
  if (!url) return '';
  const mediaAttribute = media ? ` media="${escapeHtml(media)}"` : '';
  // As the map's own tiles are asked for (referrer policy included), so that they are this one.
  return `<link rel="preload" as="image" fetchpriority="high" referrerpolicy="${TILE_REFERRER_POLICY}" href="${escapeHtml(url)}"${mediaAttribute}>`;
}

/** The centre tile's preload elements for a page's answers by pageCallKey (see above); '' for none. */
export function mapTilePreloads(answers: Record<string, unknown>): string {
  const key = Object.keys(answers).find((k) => k.startsWith(DETAIL_KEY));
  const detail = key === undefined ? undefined : (answers[key] as TrackDetailResponse);
  if (!detail?.shown.map || !detail.map.tileUrl) return '';
  // A template of '@2x' tiles is never drawn denser: its '@2x' tile for retina screens, else its plain one.
  if (hasRetinaTiles(detail.map.tileUrl))
    return tileLink(detail, false, true, RETINA_MEDIA) + tileLink(detail, false, false, NOT_RETINA_MEDIA);
  return tileLink(detail, true, false, DENSE_MEDIA) + tileLink(detail, false, false, PLAIN_MEDIA);
}
