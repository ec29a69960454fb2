import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import type { DriverStop } from '@courier/contracts';
import { formatDateTime } from '../../../lib/format';

/** The lines of a stop's address, empty parts left out. */
export const addressLines = (s: DriverStop): string[] =>
  [
    s.dadd_companyname,
    [s.dadd_build, s.dadd_street].filter(Boolean).join(' '),
    s.dadd_locality,
    s.dadd_town,
    s.dadd_postalcode,
  ].filter((l) => l.trim() !== '');

/** A directions link to the stop: its coordinates when known, else its address. */
export function mapLink(s: DriverStop): string {
  const to =
    s.dadd_latitude !== null && s.dadd_longitude !== null
      ? `${s.dadd_latitude},${s.dadd_longitude}`
      : addressLines(s).join(', ');
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(to)}`;
}

/** One stop of a job: collect from / deliver to, the address, the contact with a call link, the map link and the deadline. */
export function StopCard({ stop }: { stop: DriverStop }) {
  const kind = stop.dadd_addresstype === 0 ? 'Collect from' : 'Deliver to';
  return (
    <Paper withBorder p="sm">
      <Stack gap={4}>
        <Text fw={700} size="sm">
          {kind}
        </Text>
        {addressLines(stop).map((line) => (
          <Text key={line} size="sm">
            {line}
          </Text>
        ))}
        {stop.dadd_deadline && (
          <Text size="sm" c="dimmed">
            By {formatDateTime(stop.dadd_deadline)}
          </Text>
        )}
        <Group gap="md" mt={4}>
          {stop.dadd_name && <Text size="sm">{stop.dadd_name}</Text>}
          {stop.dadd_telephone && (
            <Anchor href={`tel:${stop.dadd_telephone.replace(/\s+/g, '')}`} size="sm">
              Call {stop.dadd_telephone}
            </Anchor>
          )}
          <Anchor href={mapLink(stop)} target="_blank" rel="noopener noreferrer" size="sm">
            Map to {kind === 'Collect from' ? 'collection' : 'delivery'}
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
