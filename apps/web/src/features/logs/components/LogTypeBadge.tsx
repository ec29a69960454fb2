import { Badge } from '@mantine/core';

const COLOURS: Record<string, string> = { info: 'blue', warning: 'orange', error: 'red' };

/**
 * An entry's Type (info, warning or error) as a coloured badge; the word is always shown whole
 * (a phone's narrow column cut it to 'I…': the badge keeps its width and the table scrolls).
 */
export function LogTypeBadge({ type }: { type: string }) {
  return (
    <Badge variant="light" color={COLOURS[type] ?? 'gray'} radius="sm" style={{ minWidth: 'max-content' }}>
      {type}
    </Badge>
  );
}
