import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAddressBook, IconList, IconPlus } from '@tabler/icons-react';
import { rescueFocus } from '../../../lib/focus';
import { canOpen } from '../../auth';
import { useSignedIn } from '../../auth';
import { useNewBooking } from '../../dockets';
import { RecentBookings } from '../components/RecentBookings';

/**
 * /home, the default route (spec "access…" §2): a welcome, the tenant, the newest bookings
 * (history right) and shortcuts to the screens the user may open (booking, lists, address book).
 */
export default function HomePage() {
  const session = useSignedIn();
  const newBooking = useNewBooking();
  const mayBook = canOpen(session, '/docket/detail');
  const mayList = canOpen(session, '/docket/list');
  const mayAddresses = canOpen(session, '/address/list');
  // After a login the form that had focus is gone: the welcome heading takes it.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => rescueFocus(heading.current), []);
  return (
    <Stack gap="lg" maw={1100}>
      <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="xs">
          <Title order={1} size="h2" ref={heading} tabIndex={-1}>
            Welcome, {session.user.ausr_firstname}
          </Title>
          <Text c="dimmed">{session.tenant.name}</Text>
          {(mayBook || mayList || mayAddresses) && (
            <Group gap="sm" mt="sm">
              {mayBook && (
                <Button leftSection={<IconPlus size={16} />} onClick={newBooking}>
                  New booking
                </Button>
              )}
              {mayList && (
                <Button
                  component={Link}
                  to="/docket/list"
                  variant="default"
                  leftSection={<IconList size={16} />}
                >
                  Your Recent Bookings
                </Button>
              )}
              {mayAddresses && (
                <Button
                  component={Link}
                  to="/address/list"
                  variant="default"
                  leftSection={<IconAddressBook size={16} />}
                >
                  Address Book
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </Paper>
      {mayList && <RecentBookings />}
    </Stack>
  );
}
