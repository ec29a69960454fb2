import type { ReactNode } from 'react';
import { Group, Title } from '@mantine/core';

interface PageTitleProps {
  children: ReactNode;
  /** Buttons on the right of the heading. */
  actions?: ReactNode;
}

/** A screen's heading (its one h1), word for word from the spec ('NEW BOOKING', 'Your Recent Bookings', …). */
export function PageTitle({ children, actions }: PageTitleProps) {
  return (
    <Group justify="space-between" align="center" mb="lg" gap="sm">
      <Title order={1} fz={{ base: 22, sm: 26 }}>
        {children}
      </Title>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
