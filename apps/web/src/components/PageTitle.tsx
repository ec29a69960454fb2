import { useEffect, useRef, type ReactNode } from 'react';
import { Group, Title } from '@mantine/core';
import { rescueFocus } from '../lib/focus';

interface PageTitleProps {
  children: ReactNode;
  /** Buttons on the right of the heading. */
  actions?: ReactNode;
}

/**
 * A screen's heading (its one h1), word for word from the spec ('NEW BOOKING', 'Your Recent
 * Bookings', …). A screen opened by a control that went away with the screen before it (a list's
 * link, the login form) starts with focus on its heading rather than on the page body.
 */
export function PageTitle({ children, actions }: PageTitleProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => rescueFocus(heading.current), []);
  return (
    <Group justify="space-between" align="center" mb="lg" gap="sm">
      <Title order={1} fz={{ base: 22, sm: 26 }} ref={heading} tabIndex={-1}>
        {children}
      </Title>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
