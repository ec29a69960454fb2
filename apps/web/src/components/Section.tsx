import { useId, type ReactNode } from 'react';
import { Group, Paper, Title } from '@mantine/core';

interface SectionProps {
  title: string;
  /** Something at the right of the title (a badge, a button). */
  aside?: ReactNode;
  children: ReactNode;
}

/** A titled block of a screen ('Account', 'Address 1: Collect from', …); a named group for assistive tech. */
export function Section({ title, aside, children }: SectionProps) {
  const id = useId();
  return (
    <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'lg' }} role="group" aria-labelledby={id} h="100%">
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Paper>
  );
}
