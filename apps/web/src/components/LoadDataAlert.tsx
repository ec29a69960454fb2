import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { MSG } from '@courier/contracts';

/**
 * A failed list or detail load: 'Load Data' (or the screen's own title, such as 'Load Log') with the
 * server's message (spec "bookings…" §8, "access…" §8).
 */
export function LoadDataAlert({
  error,
  title = 'Load Data',
}: {
  error: Error | null | undefined;
  title?: string;
}) {
  return (
    <Alert color="red" title={title} icon={<IconAlertTriangle size={18} />}>
      {error?.message || MSG.unexpected}
    </Alert>
  );
}
