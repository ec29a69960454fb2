import type { ReactNode } from 'react';
import { Paper, Title } from '@mantine/core';

/** One titled section of the tracking view. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'xl' }} component="section" aria-label={title}>
      <Title order={2} size="h3" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
