import { useId, type ReactNode, type Ref } from 'react';
import { Group, Paper, Title } from '@mantine/core';
import classes from './section.module.css';

interface SectionProps {
  title: string;
  /** Something at the right of the title (a badge, a button). */
  aside?: ReactNode;
  children: ReactNode;
  /** The title, focusable from script: a step that replaces the control that had focus moves it here. */
  titleRef?: Ref<HTMLHeadingElement>;
}

/** A titled block of a screen ('Account', 'Address 1: Collect from', …); a named group for assistive tech. */
export function Section({ title, aside, children, titleRef }: SectionProps) {
  const id = useId();
  return (
    <Paper withBorder shadow="xs" className={classes.section} role="group" aria-labelledby={id} h="100%">
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={2} fz="lg" id={id} ref={titleRef} tabIndex={titleRef ? -1 : undefined}>
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Paper>
  );
}
