import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { Select } from '../../../components/Select';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconCalendar, IconChevronLeft, IconDownload, IconPlayerPlay } from '@tabler/icons-react';
import type { ReportRunRequest, ReportRunResponse } from '@courier/contracts';
import { LoadDataAlert } from '../../../components/LoadDataAlert';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { ReportChart } from '../components/ReportChart';
import { PageTitle } from '../../../components/PageTitle';
import { CALENDAR_LABELS, DATE_FORMAT, pickerToUkDate, ukDateToPicker, ukDaysAgo } from '../../../lib/uk-day';
import { useSession } from '../../auth';
import { reportRunQuery, useReportExport } from '../api/reports';
import { formatCell } from '../report-data';

/** The value of 'All accounts' in the account select. */
const ALL = 'all';

/** The report's table: the columns' titles, a row per result row, numbers to the right. */
function ReportTable({ report }: { report: ReportRunResponse }) {
  const right = (kind: string) => (kind === 'text' || kind === 'date' ? undefined : ('right' as const));
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped withTableBorder highlightOnHover aria-label={report.rpt_desc}>
        <Table.Thead>
          <Table.Tr>
            {report.columns.map((c) => (
              <Table.Th key={c.key} ta={right(c.kind)}>
                {c.title}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.rows.map((row, i) => (
            <Table.Tr key={i}>
              {report.columns.map((c) => (
                <Table.Td key={c.key} ta={right(c.kind)}>
                  {formatCell(c, row[c.key])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * /report/view?_id (reports right): our report viewer, in place of the spec's external viewer
 * (issue 12 §3). Parameters (date range, the last 30 days at first; one of the session's accounts
 * or 'All accounts'), Run, the chart, the table, and Download CSV / Download PDF (export right).
 * The report runs at once with the first parameters.
 */
export default function ReportViewPage() {
  const [params] = useSearchParams();
  const rptId = Number(params.get('_id'));
  const { session } = useSession();
  const accounts = session?.accounts ?? [];
  const canExport = session?.user.ausr_rights_export === 'T';
  const [start, setStart] = useState<string | null>(ukDateToPicker(ukDaysAgo(29)));
  const [end, setEnd] = useState<string | null>(ukDateToPicker(ukDaysAgo(0)));
  const [account, setAccount] = useState<string>(ALL);
  const current = (): ReportRunRequest | null =>
    start && end
      ? {
          rpt_id: rptId,
          dateStart: pickerToUkDate(start),
          dateEnd: pickerToUkDate(end),
          ...(account === ALL ? {} : { cust_id: Number(account) }),
        }
      : null;
  const [asked, setAsked] = useState<ReportRunRequest | null>(current);
  const valid = Number.isInteger(rptId) && rptId > 0;
  const report = useQuery({
    ...reportRunQuery(asked ?? { rpt_id: rptId, dateStart: '', dateEnd: '' }),
    enabled: valid && asked !== null,
    placeholderData: keepPreviousData,
  });
  const download = useReportExport();
  const endBeforeStart = !!start && !!end && end < start;
  const picker = {
    valueFormat: DATE_FORMAT,
    leftSection: <IconCalendar size={16} />,
    ariaLabels: CALENDAR_LABELS,
    w: 170,
  };

  return (
    <Stack gap="md">
      <PageTitle
        actions={
          <Button
            variant="default"
            component={Link}
            to="/report/list"
            leftSection={<IconChevronLeft size={16} />}
          >
            Back
          </Button>
        }
      >
        {report.data?.rpt_desc ?? 'Report'}
      </PageTitle>
      <Paper withBorder shadow="xs" p={{ base: 'sm', sm: 'md' }}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <DatePickerInput
            label="Start date"
            name="dateStart"
            value={start}
            onChange={setStart}
            {...picker}
          />
          <DatePickerInput
            label="End date"
            name="dateEnd"
            value={end}
            onChange={setEnd}
            minDate={start ?? undefined}
            error={endBeforeStart ? 'End date is before the start date' : undefined}
            {...picker}
          />
          <Select
            label="Account"
            name="cust_id"
            w={260}
            allowDeselect={false}
            value={account}
            onChange={(v) => setAccount(v ?? ALL)}
            data={[
              { value: ALL, label: 'All accounts' },
              ...accounts.map((a) => ({
                value: String(a.cust_id),
                label: `${a.cust_acc_code} – ${a.cust_name}`,
              })),
            ]}
          />
          <Button
            leftSection={<IconPlayerPlay size={16} />}
            disabled={!start || !end || endBeforeStart || !valid}
            loading={report.isFetching}
            onClick={() => {
              const next = current();
              // The same parameters again run the report again (the data may have moved on).
              if (JSON.stringify(next) === JSON.stringify(asked)) void report.refetch();
              else setAsked(next);
            }}
          >
            Run
          </Button>
          {canExport && (
            <Group gap="sm" ml="auto">
              {(['csv', 'pdf'] as const).map((format) => (
                <Button
                  key={format}
                  variant="default"
                  leftSection={<IconDownload size={16} />}
                  disabled={!asked}
                  loading={download.isPending && download.variables.format === format}
                  onClick={() => asked && download.mutate({ ...asked, format })}
                >
                  {format === 'csv' ? 'Download CSV' : 'Download PDF'}
                </Button>
              ))}
            </Group>
          )}
        </Group>
      </Paper>
      {report.error || !valid ? (
        <LoadDataAlert error={report.error ?? new Error('Report not found')} />
      ) : !report.data ? (
        <LoadingBlock error={null} />
      ) : (
        <Paper withBorder shadow="xs" p={{ base: 'sm', sm: 'md' }}>
          <Stack gap="md">
            {report.data.rows.length === 0 ? (
              <Text c="dimmed">No data for these parameters</Text>
            ) : (
              <>
                <ReportChart
                  report={report.data}
                  // An earlier answer still showing (the next loading) keeps its own days.
                  range={
                    asked && !report.isPlaceholderData
                      ? { from: asked.dateStart, to: asked.dateEnd }
                      : undefined
                  }
                />
                <ReportTable report={report.data} />
              </>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
