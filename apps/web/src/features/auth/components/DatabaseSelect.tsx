import { Text } from '@mantine/core';
import { Select } from '../../../components/Select';
import { IconDatabase } from '@tabler/icons-react';
import type { DatabaseList } from '@courier/contracts';

interface DatabaseSelectProps {
  databases: DatabaseList;
  value: string | null;
  onChange: (name: string | null) => void;
  error?: string | null;
}

/**
 * The database selector of the login screen (spec "access…" §1, §2): hidden when only one database
 * exists (that one is preselected). With no list at all (it failed to load) only the error shows.
 */
export function DatabaseSelect({ databases, value, onChange, error }: DatabaseSelectProps) {
  if (databases.length <= 1)
    return error ? (
      <Text c="red" size="sm" role="alert">
        {error}
      </Text>
    ) : null;
  return (
    <Select
      label="Database"
      placeholder="Choose your database"
      leftSection={<IconDatabase size={16} />}
      data={databases.map((d) => d.name)}
      value={value}
      onChange={onChange}
      error={error}
      allowDeselect={false}
    />
  );
}
