import { Center, Loader } from '@mantine/core';
import { LoadDataAlert } from './LoadDataAlert';

/** While a screen's data loads: a loader, or 'Load Data' with the server's message when it failed. */
export function LoadingBlock({ error }: { error: Error | null }) {
  if (error) return <LoadDataAlert error={error} />;
  return (
    <Center py="xl" aria-busy="true" aria-label="Loading">
      <Loader />
    </Center>
  );
}
