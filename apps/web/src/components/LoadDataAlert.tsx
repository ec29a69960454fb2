import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { MSG } from '@courier/contracts';

/** A failed list or detail load: 'Load Data' with the server's message (spec "bookings…" §8, "access…" §8). */
export function LoadDataAlert({ error }: { error: Error | null | undefined }) {
  return (
    <Alert color="red" title="Load Data" icon={<IconAlertTriangle size={18} />}>
      {error?.message || MSG.unexpected}
    </Alert>
  );
}
