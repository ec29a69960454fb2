import { lazy, Suspense, useState } from 'react';
import { Center, Loader, Text } from '@mantine/core';
import type { TrackDetailResponse } from '@courier/contracts';
import { Section } from './Section';

/** Leaflet and its CSS load only when a tracking view shows its map. */
const TrackMap = lazy(() => import('./TrackMap'));

/**
 * 'Map View' (spec "bookings…" §2). Without a tile URL, or when no tile loads (offline, blocked),
 * the map hides and a line says so; the rest of the view stays.
 */
export function MapView({ detail }: { detail: TrackDetailResponse }) {
  const [unavailable, setUnavailable] = useState(false);
  const hidden = unavailable || !detail.map.tileUrl;
  return (
    <Section title="Map View">
      {hidden ? (
        <Text c="dimmed" data-testid="map-unavailable">
          The map is not available at the moment.
        </Text>
      ) : (
        <Suspense
          fallback={
            <Center h={360}>
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
