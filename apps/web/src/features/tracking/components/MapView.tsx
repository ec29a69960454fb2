import { lazy, Suspense, useState } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import type { TrackDetailResponse } from '@courier/contracts';
import { Section } from './Section';

/** The map's height (px), kept by its loader and its 'not available' line alike. */
const MAP_HEIGHT = 360;

const loadTrackMap = () => import('./TrackMap');
/** Leaflet and its CSS load only when a tracking view shows its map (or is about to: preloadTrackMap). */
const TrackMap = lazy(loadTrackMap);

/**
 * Starts loading the map's code (Leaflet, ~45 KB) before the view that shows it has its data: the
 * tracking page calls it once the reference is found, so the code loads while the details are
 * asked for, not after (a step less before the first tile). Loading it twice loads it once.
 */
export function preloadTrackMap(): void {
  void loadTrackMap().catch(() => undefined);
}

/**
 * 'Map View' (spec "bookings…" §2). Without a tile URL a line says the map is not available; when
 * no tile loads (offline, blocked) the map gives way to that line and a crossed-out map, in the
 * map's own height, so nothing below moves.
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
