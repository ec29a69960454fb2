import { lazy, Suspense, useState } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import type { TrackDetailResponse } from '@courier/contracts';
import { denseTiles, MAP_HEIGHT } from '@courier/contracts/map-tiles';
import { usePrerender } from '../../../lib/prerender';
import { Section } from './Section';
import { mosaicTiles, TileMosaic } from './TileMosaic';

const loadTrackMap = () => import('./TrackMap');
/** Leaflet and its CSS load only when a tracking view shows its map (or is about to: preloadTrackMap). */
const TrackMap = lazy(loadTrackMap);

/**
 * Starts loading the map's code (Leaflet, ~45 KB) before the view that shows it has its data: the
 * tracking page calls it when the reference is found and its details are late, so the code loads
 * while they are asked for, not after. Loading it twice loads it once.
 */
export function preloadTrackMap(): void {
  void loadTrackMap().catch(() => undefined);
}

/**
 * 'Map View' (spec "bookings…" §2). Without a tile URL a line says the map is not available; when
 * no tile loads (offline, blocked) the map gives way to that line and a crossed-out map, in the
 * map's own height, so nothing below moves. While Leaflet's code loads, the map's tiles show as
 * plain images where the map will put them (TileMosaic), under the map until its own tiles are in;
 * a loader where they cannot be drawn.
 */
export function MapView({ detail }: { detail: TrackDetailResponse }) {
  const [unavailable, setUnavailable] = useState(false);
  const [mapReady, setMapReady] = useState(false);
  // The map's code loads once the tiles in view are drawn (TileMosaic), at once without them.
  const [drawn, setDrawn] = useState(false);
  // Decided once, as the map decides them (TrackMap; Leaflet's Browser.retina).
  const [dense] = useState(() => denseTiles(detail.map.tileUrl, window.devicePixelRatio));
  const [retina] = useState(() => window.devicePixelRatio > 1);
  // Whether the tiles can be drawn before the map (TileMosaic), and whether they were (a box of no size).
  const mosaic = mosaicTiles({ detail, dense, retina, width: 1, height: 1 }).length > 0;
  const [mosaicEmpty, setMosaicEmpty] = useState(false);
  const prerender = usePrerender();
  const message = (
    <Text c="dimmed" data-testid="map-unavailable">
      The map is not available at the moment.
    </Text>
  );
  return (
    <Section title="Map View">
      {!detail.map.tileUrl ? (
        message
      ) : unavailable ? (
        // In the map's own place: what follows does not move when the tiles fail.
        <Center
          h={MAP_HEIGHT}
          bg="var(--mantine-color-gray-0)"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          <Stack align="center" gap="xs">
            <IconMapOff size={48} stroke={1.25} color="var(--mantine-color-gray-6)" aria-hidden />
            {message}
          </Stack>
        </Center>
      ) : (
        <div data-testid="map-view" style={{ position: 'relative', height: MAP_HEIGHT }}>
          {mosaic && !mapReady && (
            <TileMosaic
              detail={detail}
              dense={dense}
              retina={retina}
              onDrawn={(empty) => {
                setMosaicEmpty(empty);
                setDrawn(true);
              }}
            />
          )}
          {/* Written by the server, the map's code is not loaded there: the loader it would show. */}
          {!mosaic && prerender && (
            <Center h={MAP_HEIGHT}>
              <Loader />
            </Center>
          )}
          {(drawn || !mosaic) && !prerender && (
            <Suspense
              fallback={
                mosaic && !mosaicEmpty ? null : (
                  <Center h={MAP_HEIGHT}>
                    <Loader />
                  </Center>
                )
              }
            >
              <TrackMap
                detail={detail}
                dense={dense}
                overTiles={mosaic && !mapReady}
                onReady={() => setMapReady(true)}
                onUnavailable={() => setUnavailable(true)}
              />
            </Suspense>
          )}
        </div>
      )}
    </Section>
  );
}
