import type { ReactNode } from 'react';
import { Group, Switch, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

interface ListToolbarProps {
  /** The spec's search text, e.g. 'Search My Bookings...'. */
  placeholder: string;
  search: string;
  onSearch: (value: string) => void;
  infinite: boolean;
  onInfinite: (value: boolean) => void;
  /** Header buttons (Filter, Export to CSV, New address). */
  children?: ReactNode;
}

/** A list's search box, the infinite-scroll switch (50 rows instead of 20 a page) and its buttons. */
export function ListToolbar({
  placeholder,
  search,
  onSearch,
  infinite,
  onInfinite,
  children,
}: ListToolbarProps) {
  return (
    <Group justify="space-between" gap="sm" align="center">
      <Group gap="md" align="center" wrap="wrap" style={{ flex: '1 1 320px' }}>
        <TextInput
          placeholder={placeholder}
          aria-label={placeholder}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => onSearch(e.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
          maw={420}
          maxLength={100}
        />
        <Switch
          label="Infinite scroll"
          checked={infinite}
          onChange={(e) => onInfinite(e.currentTarget.checked)}
        />
      </Group>
      {children && (
        <Group gap="sm" wrap="wrap">
          {children}
        </Group>
      )}
    </Group>
  );
}
