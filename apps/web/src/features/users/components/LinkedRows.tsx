import { useState, type ReactNode } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { ActionIcon, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconLink, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { PickListModal } from '../../../components/PickListModal';
import { linksQuery, type LinkKind } from '../api/user-detail';

interface LinkedRowsProps<T> {
  /** 'account', 'circuit' or 'report': the button says 'Link {noun}', the modal is titled with it. */
  noun: string;
  rows: T[];
  onChange: (rows: T[]) => void;
  keyOf: (row: T) => string | number;
  /** How a row is named to assistive tech ('Remove DEMO001'). */
  nameOf: (row: T) => string;
  /** The table's columns: a header and a cell per column. */
  columns: { title: string; cell: (row: T, index: number) => ReactNode }[];
  /** Which link call offers the rows that may be linked (with `_inScope`); loaded when the modal opens. */
  kind: LinkKind;
  /** The user being edited; undefined for a new one. */
  ausrId: number | undefined;
  /** The modal's columns. */
  pickColumns: DataTableColumn<T>[];
  /** The message under the table when a save rule needs a row here. */
  error?: ReactNode;
}

/**
 * A user's linked accounts, circuits or reports (spec "bookings…" §2 User detail): a table with a
 * remove button per row and 'Link {noun}', which opens the link modal (a PickListModal of the rows
 * not yet linked). Links are saved with the user.
 */
export function LinkedRows<T>({
  noun,
  rows,
  onChange,
  keyOf,
  nameOf,
  columns,
  kind,
  ausrId,
  pickColumns,
  error,
}: LinkedRowsProps<T>) {
  const [opened, setOpened] = useState(false);
  // The call answers the rows of its kind, which T is (the caller pairs them).
  const offered = useQuery({ ...linksQuery(kind, ausrId, true), enabled: opened }) as UseQueryResult<T[]>;
  const linked = new Set(rows.map(keyOf));
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button variant="light" leftSection={<IconLink size={16} />} onClick={() => setOpened(true)}>
          Link {noun}
        </Button>
      </Group>
      {/* A table wider than a phone scrolls inside its card: the page itself must not widen. */}
      <div style={{ overflowX: 'auto', position: 'relative' }}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.title}>{c.title}</Table.Th>
              ))}
              <Table.Th>
                <VisuallyHidden>Remove</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <Table.Tr key={keyOf(row)}>
                {columns.map((c) => (
                  <Table.Td key={c.title}>{c.cell(row, index)}</Table.Td>
                ))}
                <Table.Td w={48}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${nameOf(row)}`}
                    onClick={() => onChange(rows.filter((_, i) => i !== index))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns.length + 1}>
                  <Text size="sm" c="dimmed">
                    None linked
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </div>
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
      <PickListModal<T>
        title={`Link ${noun}`}
        opened={opened}
        onClose={() => setOpened(false)}
        records={(offered.data ?? []).filter((r) => !linked.has(keyOf(r)))}
        fetching={offered.isFetching}
        error={offered.error}
        columns={pickColumns}
        idAccessor={keyOf}
        searchText={(r) => pickColumns.map((c) => String(r[c.accessor as keyof T] ?? '')).join(' ')}
        onChoose={(record) => {
          onChange([...rows, record]);
          setOpened(false);
        }}
      />
    </Stack>
  );
}
