import { Center, Loader } from '@mantine/core';

/** Shown while the start-up session restore or a lazy screen loads. */
export function FullPageLoader() {
  return (
    <Center h="60vh" aria-busy="true" aria-label="Loading">
      <Loader />
    </Center>
  );
}
