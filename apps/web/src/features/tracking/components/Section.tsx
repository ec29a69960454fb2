import { createContext, useContext, type ReactNode } from 'react';
import { Paper, Title } from '@mantine/core';

/** True inside a modal that is titled already: a section then shows only its content. */
export const PlainSections = createContext(false);

/** One titled section of the tracking view (plain inside a titled modal, see PlainSections). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  if (useContext(PlainSections)) return <section aria-label={title}>{children}</section>;
  return (
    <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'xl' }} component="section" aria-label={title}>
      <Title order={2} size="h3" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
