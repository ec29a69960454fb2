import { ApiError, isNetworkError } from '../../../lib/api-client';

/**
 * The driver page's offline queue (issue 10 §2: works on a flaky connection): every report
 * (action, scan, position) is stored in localStorage with its Idempotency-Key before it is sent,
 * and sent in order when the connection allows. A report whose answer was lost is sent again with
 * the same key and body, so the server applies it once. Positions waiting together are merged
 * into one batch item first, and the batch keeps its key until it is answered.
 */

/** Where a report goes. */
export type ReportUrl = '/api/driver/job/action' | '/api/driver/scan' | '/api/driver/position';

/** One stored report: its key, call, body, and a short text for the page. */
export interface QueuedReport {
  key: string;
  url: ReportUrl;
  body: unknown;
  label: string;
  /** The docket it is about (none for positions). */
  dck_id?: number;
}

/** What the queue tells the page about a report. */
export type ReportOutcome =
  { report: QueuedReport; ok: true; answer: unknown } | { report: QueuedReport; ok: false; error: ApiError };

const STORE = 'courier.driver.queue';

/** A random key for a new report (the Idempotency-Key). */
export const newReportKey = (): string =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** The stored reports, oldest first (none when storage is unavailable or unreadable). */
export function queued(): QueuedReport[] {
  try {
    const raw = localStorage.getItem(STORE);
    return raw ? (JSON.parse(raw) as QueuedReport[]) : [];
  } catch {
    return [];
  }
}

function store(reports: QueuedReport[]): void {
  try {
    localStorage.setItem(STORE, JSON.stringify(reports));
  } catch {
    // Storage full or disabled: what is in memory is still sent by this page.
  }
}

/** Adds a report at the end of the queue. */
export function enqueue(report: QueuedReport): void {
  store([...queued(), report]);
}

/** Merges the positions waiting at the head of the queue into one batch item (at most `max` positions). */
function mergeHeadPositions(reports: QueuedReport[], max: number): QueuedReport[] {
  let n = 0;
  while (n < reports.length && reports[n]!.url === '/api/driver/position') n++;
  if (n < 2) return reports;
  const positions = reports
    .slice(0, n)
    .flatMap((r) => (r.body as { positions: unknown[] }).positions)
    .slice(0, max);
  const merged: QueuedReport = {
    key: newReportKey(),
    url: '/api/driver/position',
    body: { positions },
    label: 'Positions',
  };
  return [merged, ...reports.slice(n)];
}

let flushing: Promise<void> | undefined;

/**
 * Sends the stored reports in order, each until answered: an answer (or a refusal, an ApiError)
 * removes it and is told to `onOutcome`; a network failure stops the flush and keeps it for the
 * next one. One flush at a time.
 */
export function flush(
  send: (report: QueuedReport) => Promise<unknown>,
  onOutcome: (outcome: ReportOutcome) => void,
  maxPositions = 200,
): Promise<void> {
  if (flushing) return flushing;
  const run = async () => {
    for (;;) {
      const reports = mergeHeadPositions(queued(), maxPositions);
      store(reports);
      const report = reports[0];
      if (!report) return;
      let outcome: ReportOutcome;
      try {
        outcome = { report, ok: true, answer: await send(report) };
      } catch (error) {
        if (
          isNetworkError(error) ||
          !(error instanceof ApiError) ||
          error.status >= 500 ||
          error.status === 429 ||
          error.status === 401
        )
          return; // Kept: sent again with the same key when the connection returns.
        outcome = { report, ok: false, error };
      }
      store(queued().filter((r) => r.key !== report.key));
      onOutcome(outcome);
    }
  };
  // Cleared when done, whether `run` returned at once (nothing queued) or after sending.
  const current = run().finally(() => {
    if (flushing === current) flushing = undefined;
  });
  flushing = current;
  return current;
}
