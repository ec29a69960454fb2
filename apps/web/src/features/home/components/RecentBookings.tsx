import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Anchor, Group, Loader, Paper, Table, Text, Title } from '@mantine/core';
import { formatDateTime } from '../../../lib/format';
import { latestDocketsQuery } from '../../dockets';
import { bookingHistoryPath } from '../../dockets';
import { StatusBadge } from '../../dockets';

/** How many bookings the home screen shows. */
const NEWEST = 5;

/** The five newest bookings (page 1 of docket/list), each opening the booking read-only. */
export function RecentBookings() {
  const { data, isPending, error } = useQuery(latestDocketsQuery);
  const rows = data?.rows.slice(0, NEWEST) ?? [];
  return (
    <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          Latest bookings
        </Title>
        <Anchor component={Link} to="/docket/list" size="sm">
          Your Recent Bookings
        </Anchor>
      </Group>
      {isPending && <Loader size="sm" />}
      {error && <Text c="red">{error.message}</Text>}
      {data && rows.length === 0 && <Text c="dimmed">No bookings yet.</Text>}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Docket No</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>From</Table.Th>
                <Table.Th>To</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.dck_id}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={bookingHistoryPath(r.dck_id, 'docketList')}
                      fw={600}
                      size="sm"
                    >
                      {r.dck_docket}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatDateTime(r.dck_booked)}</Table.Td>
                  <Table.Td>{r.from_town}</Table.Td>
                  <Table.Td>{r.to_town}</Table.Td>
                  <Table.Td>
                    <StatusBadge row={r} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
