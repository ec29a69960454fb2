/**
 * The `<link rel="preconnect">` of the map tiles' origin for the page that opens on a map: the
 * tracking page (spec "bookings…" §2 Map View; the driver's page has no map, its address links
 * out to a maps app). Its tiles are the last
 * requests of the page's chain (page, code, tracking calls, the map's code, then tiles), and their
 * host is another origin: connecting to it while the rest loads takes the connection's round
 * trips off that chain (Lighthouse, simulated phone: LCP was a tile, waiting 2.6 s to start).
 * Nothing for other pages, for a template whose host is a `{s}` subdomain (no single origin to
 * connect to), or for one that is not an http(s) URL.
 */

import { escapeHtml } from '../lib/html';

/** The paths (without query) that open on a map. */
const MAP_PAGES = new Set(['/docket/track']);

/** The preconnect element for a page's path, '' when it has none (see above). */
export function mapPreconnectTag(tileUrl: string | undefined): (path: string) => string {
  // The CSP's source of the tiles: a `{s}` subdomain is a wildcard, with no one host to connect to.
  const [origin] = tileSource(tileUrl);
  if (!origin || origin.includes('*')) return () => '';
  // Tiles are images fetched without CORS (Leaflet's default): the connection is not anonymous.
  const tag = `<link rel="preconnect" href="${escapeHtml(origin)}">`;
  return (path) => (MAP_PAGES.has(path.split('?')[0]!.replace(/\/+$/, '')) ? tag : '');
}

/**
 * The CSP source of a map tile URL template: its origin, a `{s}` subdomain as `*`; none when unset
 * or not an http(s) URL.
 */
export function tileSource(template: string | undefined): string[] {
  if (!template) return [];
  try {
    const url = new URL(template.replace('{s}', 'tile-subdomain'));
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return [];
    return [url.origin.replace('tile-subdomain', '*')];
  } catch {
    return [];
  }
}
