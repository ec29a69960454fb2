import { lazy, Suspense, useState } from 'react';
import { Center, Loader, Text } from '@mantine/core';
import type { TrackDetailResponse } from '@courier/contracts';
import { Section } from './Section';

/** The map's height (px), kept by its loader and its 'not available' line alike. */
const MAP_HEIGHT = 360;

/** Leaflet and its CSS load only when a tracking view shows its map. */
const TrackMap = lazy(() => import('./TrackMap'));

/**
 * 'Map View' (spec "bookings…" §2). Without a tile URL, or when no tile loads (offline, blocked),
 * the map hides and a line says so, in the map's place when it was loading; the rest stays put.
 */
export function MapView({ detail }: { detail: TrackDetailResponse }) {
  const [unavailable, setUnavailable] = useState(false);
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
        <Center h={MAP_HEIGHT}>{message}</Center>
      ) : (
        <Suspense
          fallback={
            <Center h={MAP_HEIGHT}>
              <Loader />
            </Center>
          }
        >
          <div data-testid="map-view">
            <TrackMap detail={detail} onUnavailable={() => setUnavailable(true)} />
          </div>
        </Suspense>
      )}
    </Section>
  );
}
