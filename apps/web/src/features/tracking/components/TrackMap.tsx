import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { CircleMarker, MapContainer, Polyline, TileLayer, Tooltip, useMap } from 'react-leaflet';
import type { MapPoint, TrackDetailResponse } from '@courier/contracts';
import { MAP_HEIGHT, mapCentre, MAX_TILE_ZOOM, TILE_REFERRER_POLICY } from '@courier/contracts/map-tiles';

/** How long the first tile may take before the map counts as unavailable (offline, blocked). */
const FIRST_TILE_MS = 15_000;
/** How long after the first view's tiles are in that they are fully drawn (Leaflet fades each in over 200 ms). */
const TILES_FADED_MS = 250;

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
  /** Whether the tiles are the next zoom's at half size (contracts denseTiles), decided by the caller. */
  dense: boolean;
  /** True while the map lies over the tiles drawn before it (TileMosaic): its box is see-through. */
  overTiles?: boolean;
  /** Called once when the tiles of the map's first view are in (the drawn tiles may go). */
  onReady?: () => void;
  /** Called once when no tile could be loaded: the section hides the map. */
  onUnavailable: () => void;
}

/**
 * The Map View's Leaflet map (its own lazy chunk with Leaflet's CSS): collection and delivery
 * markers, the route travelled as a line and the driver's last position while live, at the
 * spec's default zoom, centred on the driver, else the delivery, else the collection; the driver's
 * later positions stay in view (KeepInView).
 */
export default function TrackMap({ detail, dense, overTiles, onReady, onUnavailable }: TrackMapProps) {
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
    return () => {
      clearTimeout(timer);
      clearTimeout(readyTimer.current);
    };
  }, []); // once per map: the first tile decides
  // The first view's tiles in: said once (onReady), when they have faded in.
  const ready = useRef(false);
  const readyTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const centre = mapCentre(detail);
  return (
    <MapContainer
      center={at(centre)}
      zoom={map.zoom}
      style={{
        height: MAP_HEIGHT,
        width: '100%',
        borderRadius: 4,
        ...(overTiles ? { background: 'transparent' } : {}),
      }}
      aria-label="Map of the route"
    >
      <TileLayer
        url={map.tileUrl}
        attribution={map.attribution}
        // The next zoom's tiles at half size on a dense screen (denseTiles); the deepest zoom the
        // same either way (a zoom offset alone would stop the map one zoom short of the tiles').
        tileSize={dense ? 128 : 256}
        zoomOffset={dense ? 1 : 0}
        referrerPolicy={TILE_REFERRER_POLICY}
        maxZoom={MAX_TILE_ZOOM}
        maxNativeZoom={dense ? MAX_TILE_ZOOM - 1 : MAX_TILE_ZOOM}
        eventHandlers={{
          tileload: () => {
            loaded.current = true;
          },
          load: () => {
            if (ready.current || !onReady) return;
            ready.current = true;
            readyTimer.current = setTimeout(onReady, TILES_FADED_MS);
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
