import { Badge, Group, Stack, Text } from '@mantine/core';
import type { PublicTraceRow } from '@courier/contracts';
import { formatDateTime } from '../../../lib/format';
import { Section } from './Section';

/** What an event says: the status it moved to, or the item scanned. */
const what = (e: PublicTraceRow): string =>
  e.dtr_kind === 'status' ? (e.dsts_description ?? 'Status changed') : `Scanned ${e.dtr_item}`.trim();

/** Where it happened, unless the location text only repeats what happened ('Delivered', 'Scanned'). */
const where = (e: PublicTraceRow): string =>
  what(e).toLowerCase().startsWith(e.tloc_description.toLowerCase()) ? '' : e.tloc_description;

/** 'Tracking View' (spec "bookings…" §2): the docket's events, newest first, in their status colours. */
export function TrackingTimeline({ events }: { events: PublicTraceRow[] }) {
  return (
    <Section title="Tracking View">
      {events.length === 0 ? (
        <Text c="dimmed">No tracking events yet.</Text>
      ) : (
        <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {events.map((e) => (
            <li key={e.dtr_id}>
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Text size="sm" c="dimmed" miw={120} component="time" dateTime={e.dtr_scandate}>
                  {formatDateTime(e.dtr_scandate)}
                </Text>
                <Stack gap={2}>
                  <Badge
                    tt="none"
                    size="lg"
                    variant={e.dsts_color ? 'filled' : 'light'}
                    style={
                      e.dsts_color
                        ? { backgroundColor: e.dsts_color, color: e.dsts_font_color ?? undefined }
                        : undefined
                    }
                  >
                    {what(e)}
                  </Badge>
                  {(where(e) || e.dtr_box) && (
                    <Text size="sm">
                      {[where(e), e.dtr_box && `Container ${e.dtr_box}`].filter(Boolean).join(' · ')}
                    </Text>
                  )}
                </Stack>
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Section>
  );
}
