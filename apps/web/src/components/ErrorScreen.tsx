import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { MSG } from '@courier/contracts';

/** The error screen (spec "access…" §2 and "bookings…" §2 Error page): heading and the message. */
export function ErrorScreen() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `Error code ${error.status} - ${error.statusText}`
    : error instanceof Error && error.message
      ? error.message
      : MSG.unexpected;
  return (
    <Center mih="70vh" p="md">
      <Paper withBorder shadow="sm" p="xl" maw={520} w="100%">
        <Stack>
          <Title order={1} size="h2">
            AN ERROR OCCURRED
          </Title>
          <Text c="dimmed">Something when wrong with your last request</Text>
          <Text>{message}</Text>
          <Button component={Link} to="/home" variant="light" w="fit-content">
            Back to home
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
