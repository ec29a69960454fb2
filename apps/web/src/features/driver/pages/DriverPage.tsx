import { useCallback, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Box, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { DRIVER_MSG, type DriverJob, type DriverScanResponse } from '@courier/contracts';
import { useTenantTheme } from '../../../lib/tenant-theme';
import { notifyError, notifyInfo, notifyWarning } from '../../../lib/notify';
import { formatDateTime } from '../../../lib/format';
import {
  DRIVER_JOBS_KEY,
  DRIVER_KEY,
  driverJobsQuery,
  driverLogout,
  driverSessionQuery,
  sendReport,
} from '../api/driver-api';
import {
  enqueue,
  flush,
  newReportKey,
  queued,
  type ReportOutcome,
  type ReportUrl,
} from '../api/offline-queue';
import { usePositionReports, type Fix } from '../api/use-position-reports';
import { DriverSignIn } from '../components/DriverSignIn';
import { JobView, type JobReport } from '../components/JobView';
import { addressLines } from '../components/stops';

/** How often the queue is tried again while reports wait (ms). */
const RETRY_MS = 15_000;

/** The statuses a queued action leaves a job in, shown until the server's list says otherwise. */
const AFTER: Record<string, { dck_status: string; dsts_description: string; next: string[] } | null> = {
  collected: { dck_status: 'P', dsts_description: 'Collected', next: ['D', 'E'] },
  exception: { dck_status: 'E', dsts_description: 'Delivery exception', next: ['D'] },
  delivered: null,
};

/** One job in the list: number, status, the collection and delivery towns and when it is due. */
function JobRow({ job, onOpen }: { job: DriverJob; onOpen: () => void }) {
  const from = job.stops[0];
  const to = job.stops[job.stops.length - 1];
  return (
    <Paper
      withBorder
      p="sm"
      component="button"
      onClick={onOpen}
      // Mantine's focus ring, as its own buttons show it: a Paper has none of its own.
      className="mantine-focus-auto"
      style={{ textAlign: 'left', cursor: 'pointer' }}
      w="100%"
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>Docket {job.dck_docket}</Text>
          <Badge styles={{ root: { background: job.dsts_color, color: job.dsts_font_color } }}>
            {job.dsts_description}
          </Badge>
        </Group>
        {from && <Text size="sm">From {addressLines(from).slice(-2).join(', ')}</Text>}
        {to && <Text size="sm">To {addressLines(to).slice(-2).join(', ')}</Text>}
        {job.due && (
          <Text size="sm" c="dimmed">
            Due {formatDateTime(job.due)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The driver page `/driver` (issue 10 §2; phone-first, outside the signed-in shell): the driver's
 * sign-in, then their jobs soonest due first, and one job's view with its actions. Every report
 * goes through the offline queue (each sent once with its Idempotency-Key, kept while the phone is
 * offline); positions are reported every 30 s or 100 m while a job is live.
 */
export default function DriverPage() {
  const queryClient = useQueryClient();
  const session = useQuery(driverSessionQuery);
  const signedIn = !!session.data;
  const jobs = useQuery({ ...driverJobsQuery, enabled: signedIn });
  const [openId, setOpenId] = useState<number | null>(null);
  const [waiting, setWaiting] = useState(() => queued().length);
  /** The last report the server took, shown under the header (a notice would cover the buttons). */
  const [lastSent, setLastSent] = useState<string | null>(null);
  const { setTenant } = useTenantTheme();

  useEffect(() => {
    if (session.data) setTenant(session.data.tenant.theme);
  }, [session.data, setTenant]);

  // Each view starts at its top: the list after a delivery made at the foot of a long job, a job
  // opened from far down the list.
  useEffect(() => window.scrollTo(0, 0), [openId]);

  const onOutcome = useCallback(
    (outcome: ReportOutcome) => {
      if (outcome.ok) {
        const scan =
          outcome.report.url === '/api/driver/scan' ? (outcome.answer as DriverScanResponse) : null;
        if (scan && !scan.matched) notifyWarning(outcome.report.label, DRIVER_MSG.notThisDocket);
        else if (outcome.report.url !== '/api/driver/position') setLastSent(outcome.report.label);
      } else notifyError(outcome.report.label, outcome.error.message);
      if (outcome.report.url !== '/api/driver/position')
        void queryClient.invalidateQueries({ queryKey: DRIVER_JOBS_KEY });
    },
    [queryClient],
  );

  const sendQueued = useCallback(async () => {
    await flush((r) => sendReport(r.url, r.body, r.key), onOutcome);
    setWaiting(queued().length);
  }, [onOutcome]);

  useEffect(() => {
    if (!signedIn) return;
    void sendQueued();
    const online = () => void sendQueued();
    window.addEventListener('online', online);
    const timer = setInterval(() => {
      if (queued().length) void sendQueued();
    }, RETRY_MS);
    return () => {
      window.removeEventListener('online', online);
      clearInterval(timer);
    };
  }, [signedIn, sendQueued]);

  /** Stores a report and tries to send it; when it must wait, the job shows what it will become. */
  const submit = useCallback(
    async (url: ReportUrl, body: object, label: string, dck_id?: number, action?: string) => {
      const key = newReportKey();
      enqueue({ key, url, body, label, dck_id });
      await sendQueued();
      if (!queued().some((r) => r.key === key)) return;
      if (url !== '/api/driver/position') notifyInfo(label, DRIVER_MSG.queued);
      if (action && dck_id !== undefined)
        queryClient.setQueryData<DriverJob[]>(DRIVER_JOBS_KEY, (list) => {
          const after = AFTER[action];
          if (!list) return list;
          if (after === null) return list.filter((j) => j.dck_id !== dck_id);
          return list.map((j) => (j.dck_id === dck_id && after ? { ...j, ...after } : j));
        });
    },
    [queryClient, sendQueued],
  );

  const open = jobs.data?.find((j) => j.dck_id === openId) ?? null;
  const live = signedIn && (open !== null || (jobs.data ?? []).some((j) => j.dck_status !== 'G'));
  const latest = usePositionReports(
    live,
    useCallback(
      (fix: Fix) => void submit('/api/driver/position', { positions: [fix] }, 'Position'),
      [submit],
    ),
  );

  const report = (job: DriverJob, r: JobReport) => {
    const where = latest.current
      ? { dtr_latitude: latest.current.dtr_latitude, dtr_longitude: latest.current.dtr_longitude }
      : {};
    const name = `Docket ${job.dck_docket}`;
    switch (r.kind) {
      case 'scan':
        return void submit(
          '/api/driver/scan',
          { dck_id: job.dck_id, barcode: r.barcode, time: new Date().toISOString(), ...where },
          `${name}: scanned ${r.barcode}`,
          job.dck_id,
        );
      case 'collected':
        return void submit(
          '/api/driver/job/action',
          {
            dck_id: job.dck_id,
            action: 'collected',
            from: job.dck_status,
            time: new Date().toISOString(),
            ...where,
          },
          `${name}: Collected`,
          job.dck_id,
          'collected',
        );
      case 'delivered':
        setOpenId(null);
        return void submit(
          '/api/driver/job/action',
          {
            dck_id: job.dck_id,
            action: 'delivered',
            from: job.dck_status,
            signed_by: r.signed_by,
            signature: r.signature,
            ...(r.photo ? { photo: r.photo.data, photo_type: r.photo.type } : {}),
            ...where,
          },
          `${name}: Delivered`,
          job.dck_id,
          'delivered',
        );
      case 'exception':
        return void submit(
          '/api/driver/job/action',
          { dck_id: job.dck_id, action: 'exception', from: job.dck_status, exception: r.exception, ...where },
          `${name}: ${r.label}`,
          job.dck_id,
          'exception',
        );
    }
  };

  if (session.isPending)
    return (
      <Center component="main" mih="100vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  const driver = session.data;
  if (!driver)
    return <DriverSignIn onSignedIn={() => void queryClient.invalidateQueries({ queryKey: DRIVER_KEY })} />;

  const signOut = async () => {
    await driverLogout().catch(() => undefined);
    queryClient.removeQueries({ queryKey: DRIVER_KEY });
    void queryClient.invalidateQueries({ queryKey: DRIVER_KEY });
  };

  return (
    <Box component="main" p="sm" maw={560} mx="auto">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              {driver.drv_name} ({driver.drv_driver})
            </Text>
            <Text size="sm" c="green.9" role="status" data-testid="last-sent">
              {lastSent && `Sent: ${lastSent}`}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            {waiting > 0 && (
              <Text size="sm" fw={600} c="orange.9" role="status">
                {waiting} waiting to send
              </Text>
            )}
            <Button variant="subtle" size="compact-sm" onClick={() => void signOut()}>
              Sign out
            </Button>
          </Group>
        </Group>
        {open ? (
          <JobView job={open} onReport={(r) => report(open, r)} onBack={() => setOpenId(null)} />
        ) : (
          <>
            <Title order={1} fz={22}>
              My jobs
            </Title>
            {jobs.isPending && <Loader aria-label="Loading jobs" />}
            {jobs.isError && (
              <Text c="red.8" role="alert">
                {jobs.error.message}
              </Text>
            )}
            {jobs.data?.length === 0 && <Text>{DRIVER_MSG.noJobs}</Text>}
            {jobs.data?.map((j) => (
              <JobRow key={j.dck_id} job={j} onOpen={() => setOpenId(j.dck_id)} />
            ))}
          </>
        )}
      </Stack>
    </Box>
  );
}
