import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Code, Paper, Stack, Table, Text } from '@mantine/core';
import '@mantine/core/styles/Code.css';
import { IconChevronLeft } from '@tabler/icons-react';
import { LoadDataAlert } from '../../../components/LoadDataAlert';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { PageTitle } from '../../../components/PageTitle';
import { formatLogTime } from '../../../lib/format';
import { logDetailQuery } from '../api/log';
import { LogTypeBadge } from '../components/LogTypeBadge';

/** A detail value as it reads: text as is, anything else (before and after, lists) as indented JSON. */
const shown = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? (
    <Text size="sm">{String(value)}</Text>
  ) : (
    <Code block>{JSON.stringify(value, null, 2)}</Code>
  );

/**
 * A detail item's label: a plain word capitalised like the headings above it ('stage' → 'Stage');
 * a field name ('ausr_rights_admin') as the API writes it.
 */
export const labelOf = (key: string): string =>
  /^[a-z]+$/.test(key) ? key[0]!.toUpperCase() + key.slice(1) : key;

/**
 * /log/detail?_id (admin right; spec "bookings…" §2 Log viewer): everything recorded for one entry,
 * its Time, User, Unit, Process and Type, then each item of its detail (who, what, before and after).
 * 'Load Log' with the server's message when it cannot load; Back returns to the entry's day.
 */
export default function LogDetailPage() {
  const [params] = useSearchParams();
  const logId = Number(params.get('_id'));
  const entry = useQuery({ ...logDetailQuery(logId), enabled: Number.isInteger(logId) && logId > 0 });
  const day = entry.data && formatLogTime(entry.data.log_time, true).slice(0, 10);
  const rows: [string, React.ReactNode][] = entry.data
    ? [
        ['Time', <Text size="sm">{formatLogTime(entry.data.log_time, true)}</Text>],
        ['User', <Text size="sm">{entry.data.log_user}</Text>],
        ['Unit', <Text size="sm">{entry.data.log_unit}</Text>],
        ['Process', <Text size="sm">{entry.data.log_process}</Text>],
        ['Type', <LogTypeBadge type={entry.data.log_type} />],
        ...Object.entries(entry.data.log_detail ?? {}).map(([k, v]): [string, React.ReactNode] => [
          labelOf(k),
          shown(v),
        ]),
      ]
    : [];
  return (
    <Stack gap="md">
      <PageTitle
        actions={
          <Button
            variant="default"
            component={Link}
            to={day ? `/log?day=${day}` : '/log'}
            leftSection={<IconChevronLeft size={16} />}
          >
            Back
          </Button>
        }
      >
        Log Entry
      </PageTitle>
      {entry.error || !(logId > 0) ? (
        <LoadDataAlert title="Load Log" error={entry.error ?? new Error('Log entry not found')} />
      ) : !entry.data ? (
        <LoadingBlock error={null} />
      ) : (
        <Paper withBorder shadow="xs" p={{ base: 'sm', sm: 'md' }}>
          <Table variant="vertical" layout="fixed" withRowBorders>
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w={180}>{label}</Table.Th>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
