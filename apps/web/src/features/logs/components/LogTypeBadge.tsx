import { Badge } from '@mantine/core';

const COLOURS: Record<string, string> = { info: 'blue', warning: 'orange', error: 'red' };

/** An entry's Type (info, warning or error) as a coloured badge; the word is always shown. */
export function LogTypeBadge({ type }: { type: string }) {
  return (
    <Badge variant="light" color={COLOURS[type] ?? 'gray'} radius="sm">
      {type}
    </Badge>
  );
}
