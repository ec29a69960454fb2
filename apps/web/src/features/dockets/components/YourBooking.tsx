import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Columns } from '../../../components/Columns';
import { IconCircleCheck, IconCopy, IconPlus, IconPrinter } from '@tabler/icons-react';
import { trackPath } from '../../../components/TrackingRefInput';
import { useSignedIn } from '../../auth';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useDocketLabel } from '../api/docket-label';
import type { BookedSummary } from '../booking-outcome';

interface YourBookingProps {
  booking: BookedSummary;
  /** Re-use and New need the booking right. */
  onReuse?: () => void;
  onNew?: () => void;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/**
 * 'Your Booking' (spec "bookings…" §2 Booking detail): the saved docket, its tracking reference and
 * total, with Consignment Label (the label PDF), Re-use (a copy as a new booking) and New.
 */
export function YourBooking({ booking, onReuse, onNew }: YourBookingProps) {
  const label = useDocketLabel();
  const { tenant } = useSignedIn();
  return (
    <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'lg' }} mb="md" bg="var(--mantine-color-green-0)">
      <Stack gap="md">
        <Group gap="xs">
          <IconCircleCheck size={22} color="var(--mantine-color-green-7)" aria-hidden />
          <Title order={2} fz="lg">
            Your Booking
          </Title>
        </Group>
        <Columns cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <Fact label="Docket No">
            <Text fw={700}>{booking.dck_docket}</Text>
          </Fact>
          <Fact label="Tracking Reference">
            <Anchor
              component={Link}
              to={trackPath(booking.tracking_reference, tenant.name)}
              fw={700}
              ff="monospace"
            >
              {booking.tracking_reference}
            </Anchor>
          </Fact>
          {booking.status && (
            <Fact label="Status">
              <Text>{booking.status}</Text>
            </Fact>
          )}
          {booking.booked && (
            <Fact label="Booked">
              <Text>{formatDateTime(booking.booked)}</Text>
            </Fact>
          )}
          {booking.total !== null && (
            <Fact label="Total">
              <Text>{`${formatMoney(booking.total)} (VAT ${formatMoney(booking.netvat ?? 0)})`}</Text>
            </Fact>
          )}
        </Columns>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} />}
            loading={label.isPending}
            onClick={() => label.mutate(booking.dck_id)}
          >
            Consignment Label
          </Button>
          {onReuse && (
            <Button variant="default" leftSection={<IconCopy size={16} />} onClick={onReuse}>
              Re-use
            </Button>
          )}
          {onNew && (
            <Button leftSection={<IconPlus size={16} />} onClick={onNew}>
              New
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
