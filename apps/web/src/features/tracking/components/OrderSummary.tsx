import type { ReactNode } from 'react';
import { Badge, Divider, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarEvent, IconFlag, IconMapPin } from '@tabler/icons-react';
import type { TrackResponse } from '@courier/contracts';
import { formatDateTime } from '../../../lib/format';

function Item({ label, icon, children }: { label: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap="sm" align="flex-start" wrap="nowrap">
      <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
        {icon}
      </ThemeIcon>
      <Stack gap={2}>
        <Text size="sm" fw={600} c="dimmed">
          {label}
        </Text>
        <div>{children}</div>
      </Stack>
    </Group>
  );
}

const place = (p: { town: string; postcode: string }) => [p.town, p.postcode].filter(Boolean).join(', ');

/**
 * 'Order Summary' of the tracking view (spec "bookings…" §2): status (in its own colours, as the
 * lists and the Tracking View show it), collection, delivery, booked. No price.
 */
export function OrderSummary({ order }: { order: TrackResponse }) {
  return (
    <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'xl' }} component="section" aria-label="Order Summary">
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={2} size="h3">
          Order Summary
        </Title>
        <Text size="sm" c="dimmed">
          Docket No {order.dck_docket}
        </Text>
      </Group>
      <Group gap="sm" mb="lg">
        <Text fw={600}>Status</Text>
        <Badge
          size="lg"
          variant="filled"
          tt="none"
          style={{ backgroundColor: order.dsts_color, color: order.dsts_font_color }}
        >
          {order.status}
        </Badge>
      </Group>
      <Divider mb="lg" />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <Item label="Collection" icon={<IconMapPin size={18} />}>
          <Text>{place(order.collection)}</Text>
        </Item>
        <Item label="Delivery" icon={<IconFlag size={18} />}>
          <Text>{place(order.delivery)}</Text>
        </Item>
        <Item label="Booked" icon={<IconCalendarEvent size={18} />}>
          <Text>{formatDateTime(order.booked)}</Text>
        </Item>
      </SimpleGrid>
    </Paper>
  );
}
