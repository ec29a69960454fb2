import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import { CircleMarker, MapContainer, Polyline, TileLayer, Tooltip, useMap } from 'react-leaflet';
import type { MapPoint, TrackDetailResponse } from '@courier/contracts';

/** Where the map opens when the docket has no point at all: the middle of Great Britain. */
const GB: MapPoint = { lat: 54.0, lon: -2.5 };
/** How long the first tile may take before the map counts as unavailable (offline, blocked). */
const FIRST_TILE_MS = 15_000;

/** OpenStreetMap's deepest zoom: the map may zoom that far whatever the screen (see denseTiles). */
const MAX_ZOOM = 19;

/** The device pixel ratio from which the tiles are half-size ones of the next zoom (denseTiles). */
const DENSE_RATIO = 1.75;

/**
 * Whether the map draws the next zoom's tiles at half size (128 px): on a screen of at least 1.75
 * device pixels to the CSS pixel (phones, retina laptops, 175 % desktop scaling), where a 256-px
 * tile would be stretched past 1.75× and blurred (Lighthouse: 'low resolution' on its phone, 1.75).
 * Half-size tiles draw their names at half their CSS size (at 1.75, 7/8 of their size in device
 * pixels), so below that (110 % browser zoom, 125 % or 150 % desktop scaling) the plain tiles stay:
 * names at their size, a quarter of the tiles (Leaflet's own detectRetina switches at any ratio
 * over 1, names down to 5/8 at 125 %). Not for
 * a template with `{r}`, whose server already sends '@2x' tiles. Decided once, when the map opens.
 */
export function denseTiles(tileUrl: string, devicePixelRatio: number): boolean {
  return devicePixelRatio >= DENSE_RATIO && !tileUrl.includes('{r}');
}

/** How close (px) to the map's edge the driver may come before the map pans to keep them in view. */
const DRIVER_MARGIN_PX = 40;

const at = (p: MapPoint): [number, number] => [p.lat, p.lon];

/**
 * Keeps the driver in view while the live stream moves them: a MapContainer opens once at its
 * centre and zoom, so a position arriving later (the driver's first, or one past the edge) would
 * otherwise be off the map. Pans only when the driver is outside the view (less its margin), and
 * only when their position changes: the user's own panning and zoom are left alone meanwhile.
 */
function KeepInView({ point }: { point: MapPoint | null }) {
  const map = useMap();
  const lat = point?.lat;
  const lon = point?.lon;
  useEffect(() => {
    if (lat === undefined || lon === undefined) return;
    map.panInside([lat, lon], { padding: [DRIVER_MARGIN_PX, DRIVER_MARGIN_PX] });
  }, [map, lat, lon]);
  return null;
}

export interface TrackMapProps {
  detail: Pick<TrackDetailResponse, 'route' | 'markers' | 'driver' | 'map'>;
  /** Called once when no tile could be loaded: the section hides the map. */
  onUnavailable: () => void;
}

/**
 * The Map View's Leaflet map (its own lazy chunk with Leaflet's CSS): collection and delivery
 * markers, the route travelled as a line and the driver's last position while live, at the
 * spec's default zoom, centred on the driver, else the delivery, else the collection; the driver's
 * later positions stay in view (KeepInView).
 */
export default function TrackMap({ detail, onUnavailable }: TrackMapProps) {
  const { route, markers, driver, map } = detail;
  const loaded = useRef(false);
  const failed = useRef(false);
  const fail = () => {
    if (loaded.current || failed.current) return;
    failed.current = true;
    onUnavailable();
  };
  useEffect(() => {
    const timer = setTimeout(fail, FIRST_TILE_MS);
    return () => clearTimeout(timer);
  }, []); // once per map: the first tile decides
  const centre = driver ?? markers.delivery ?? markers.collection ?? route.at(-1) ?? GB;
  const [dense] = useState(() => denseTiles(map.tileUrl, window.devicePixelRatio));
  return (
    <MapContainer
      center={at(centre)}
      zoom={map.zoom}
      style={{ height: 360, width: '100%', borderRadius: 4 }}
      aria-label="Map of the route"
    >
      <TileLayer
        url={map.tileUrl}
        attribution={map.attribution}
        // The next zoom's tiles at half size on a dense screen (denseTiles); the deepest zoom the
        // same either way (a zoom offset alone would stop the map one zoom short of the tiles').
        tileSize={dense ? 128 : 256}
        zoomOffset={dense ? 1 : 0}
        maxZoom={MAX_ZOOM}
        maxNativeZoom={dense ? MAX_ZOOM - 1 : MAX_ZOOM}
        eventHandlers={{
          tileload: () => {
            loaded.current = true;
          },
          tileerror: fail,
        }}
      />
      {route.length > 1 && (
        <Polyline positions={route.map(at)} pathOptions={{ color: '#1c7ed6', weight: 4 }} />
      )}
      {markers.collection && (
        <CircleMarker
          center={at(markers.collection)}
          radius={9}
          pathOptions={{ color: '#2b8a3e', fillOpacity: 0.9 }}
        >
          <Tooltip>Collection</Tooltip>
        </CircleMarker>
      )}
      {markers.delivery && (
        <CircleMarker
          center={at(markers.delivery)}
          radius={9}
          pathOptions={{ color: '#c92a2a', fillOpacity: 0.9 }}
        >
          <Tooltip>Delivery</Tooltip>
        </CircleMarker>
      )}
      {driver && (
        <CircleMarker center={at(driver)} radius={7} pathOptions={{ color: '#1864ab', fillOpacity: 1 }}>
          <Tooltip>Driver</Tooltip>
        </CircleMarker>
      )}
      <KeepInView point={driver} />
    </MapContainer>
  );
}
