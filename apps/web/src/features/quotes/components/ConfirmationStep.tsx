import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';

interface ConfirmationStepProps {
  docket: number;
  /** Register shows only when not signed in (spec "bookings…" §4, §6). */
  signedIn: boolean;
  onNew: () => void;
  /** Opens /register with the booking's contact details (spec "bookings…" §4). */
  onRegister: () => void;
  registering: boolean;
}

/** Page 8, Confirmation (spec "bookings…" §2): 'Your booking reference is : {docket}', New and Register. */
export function ConfirmationStep({
  docket,
  signedIn,
  onNew,
  onRegister,
  registering,
}: ConfirmationStepProps) {
  return (
    <Paper withBorder shadow="xs" p="lg">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <IconCircleCheck size={32} color="var(--mantine-color-green-8)" aria-hidden="true" />
          <Text fz="lg" fw={600} role="status">
            Your booking reference is : {docket}
          </Text>
        </Group>
        <Group gap="sm">
          <Button variant="default" onClick={onNew}>
            New
          </Button>
          {!signedIn && (
            <Button onClick={onRegister} loading={registering}>
              Register
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
