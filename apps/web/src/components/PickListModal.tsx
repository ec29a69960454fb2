import { useState } from 'react';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { LoadDataAlert } from './LoadDataAlert';
import { DataTable, type DataTableColumn } from 'mantine-datatable';

interface PickListModalProps<T> {
  title: string;
  opened: boolean;
  onClose: () => void;
  records: T[];
  columns: DataTableColumn<T>[];
  idAccessor: (record: T) => string | number;
  onChoose: (record: T) => void;
  fetching?: boolean;
  /** A failed load: 'Load Data' with the server's message (spec "bookings…" §8). */
  error?: Error | null;
  intro?: string;
  /** The text a record is found by with the filter box; no box without it. */
  searchText?: (record: T) => string;
}

/**
 * A modal that lists records to pick one from (the address list, customer contacts and customer
 * address list modals of spec "bookings…" §2): a click on a row chooses it. Full screen on phones.
 */
export function PickListModal<T>({
  title,
  opened,
  onClose,
  records,
  columns,
  idAccessor,
  onChoose,
  fetching,
  error,
  intro,
  searchText,
}: PickListModalProps<T>) {
  const compact = useMediaQuery('(max-width: 48em)') ?? false;
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shown =
    searchText && needle ? records.filter((r) => searchText(r).toLowerCase().includes(needle)) : records;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="xl"
      fullScreen={compact}
      styles={{ title: { fontWeight: 700 } }}
    >
      <Stack gap="sm">
        {intro && (
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
        )}
        {searchText && (
          <TextInput
            placeholder="Search..."
            aria-label={`Search ${title}`}
            leftSection={<IconSearch size={16} />}
            value={filter}
            onChange={(e) => setFilter(e.currentTarget.value)}
            data-autofocus
          />
        )}
        {error ? (
          <LoadDataAlert error={error} />
        ) : (
          <DataTable<T>
            withTableBorder
            borderRadius="md"
            highlightOnHover
            striped
            maxHeight="60vh"
            minHeight={shown.length ? undefined : 160}
            records={shown}
            fetching={fetching}
            idAccessor={idAccessor}
            columns={columns}
            noRecordsText="Nothing to choose from"
            onRowClick={({ record }) => onChoose(record)}
            rowStyle={() => ({ cursor: 'pointer' })}
          />
        )}
      </Stack>
    </Modal>
  );
}
