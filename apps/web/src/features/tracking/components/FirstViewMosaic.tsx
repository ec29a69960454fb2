import {
  DENSE_RATIO,
  denseTiles,
  PHONE_MAX_WIDTH,
  phoneTiles,
  TILE_REFERRER_POLICY,
  TILE_SIZE,
  tileUrl,
} from '@courier/contracts/map-tiles';
import type { TrackDetailResponse } from '@courier/contracts';

/** A transparent pixel: the source of a tile on a screen that does not show it (no request). */
const BLANK = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAACH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** A screen the app does not draw the next zoom's tiles for (contracts denseTiles), or no phone. */
const NOT_THESE = `not all and (min-resolution: ${DENSE_RATIO}dppx), (min-width: ${PHONE_MAX_WIDTH + 1}px)`;

/**
 * The tiles of a phone's map as the tracking page opens (contracts phoneTiles: the rows from its
 * top down to the centre's, in a phone's first screen, then the rest, asked for lazily), as the
 * server writes them into the page before the app has loaded (TileMosaic, in the server's
 * rendering, where the box cannot be measured): each where the map
 * puts it on a dense phone (128-px tiles of the next zoom, placed from the box's middle), so that
 * the app's own mosaic and map open over them without a move. A screen that does not show a tile
 * (narrower than its column's, not dense, or no phone) gets a blank of no request in its place
 * (`<picture>`'s media), so that the browser fetches only the tiles in view, with the page. Nothing
 * for tiles only Leaflet can name or a template of '@2x' tiles. Spec "bookings…" §2 Map View.
 */
export function FirstViewMosaic({
  detail,
}: {
  detail: Pick<TrackDetailResponse, 'route' | 'markers' | 'driver' | 'map'>;
}) {
  const px = TILE_SIZE / 2;
  // A template of '@2x' tiles is never drawn denser (MapView): its first view is left to the app.
  if (!denseTiles(detail.map.tileUrl, DENSE_RATIO)) return null;
  const tiles = phoneTiles(detail, true, true).map((t) => ({
    ...t,
    url: tileUrl(detail.map.tileUrl, t.tile),
  }));
  if (tiles.some((t) => t.url === undefined)) return null;
  return (
    <div
      aria-hidden
      data-testid="map-mosaic"
      style={{ position: 'absolute', inset: 0, overflow: 'hidden', borderRadius: 4 }}
    >
      {tiles.map((t) => (
        <picture key={`${t.left},${t.top}`}>
          <source
            media={t.minWidth > 0 ? `(max-width: ${t.minWidth - 1}px), ${NOT_THESE}` : NOT_THESE}
            srcSet={BLANK}
          />
          <img
            src={t.url}
            alt=""
            width={px}
            height={px}
            // The rows below the centre's: asked for once laid out in or near the screen.
            fetchPriority={t.belowCentre ? 'low' : 'high'}
            loading={t.belowCentre ? 'lazy' : undefined}
            referrerPolicy={TILE_REFERRER_POLICY}
            style={{ position: 'absolute', left: `calc(50% + ${t.left}px)`, top: t.top, maxWidth: 'none' }}
          />
        </picture>
      ))}
    </div>
  );
}
