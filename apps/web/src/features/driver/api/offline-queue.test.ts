import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { enqueue, flush, queued, type QueuedReport, type ReportOutcome } from './offline-queue';

const scan = (key: string): QueuedReport => ({
  key,
  url: '/api/driver/scan',
  body: { dck_id: 1, barcode: key },
  label: key,
});
const position = (key: string, lat: number): QueuedReport => ({
  key,
  url: '/api/driver/position',
  body: { positions: [{ dtr_latitude: lat, dtr_longitude: 0, time: '2026-01-01T00:00:00Z' }] },
  label: 'Position',
});

describe('the driver page offline queue', () => {
  beforeEach(() => localStorage.clear());

  it('sends each report once, in order, and tells the outcome', async () => {
    enqueue(scan('a'));
    enqueue(scan('b'));
    const send = vi.fn().mockResolvedValue({ ok: true });
    const outcomes: ReportOutcome[] = [];
    await flush(send, (o) => outcomes.push(o));
    expect(send.mock.calls.map(([r]) => (r as QueuedReport).key)).toEqual(['a', 'b']);
    expect(outcomes.map((o) => o.ok)).toEqual([true, true]);
    expect(queued()).toEqual([]);
    await flush(send, () => undefined);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('keeps a report whose answer was lost and sends it again with the same key', async () => {
    enqueue(scan('a'));
    const offline = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    await flush(offline, () => undefined);
    expect(queued().map((r) => r.key)).toEqual(['a']);
    const online = vi.fn().mockResolvedValue({});
    await flush(online, () => undefined);
    expect((online.mock.calls[0]![0] as QueuedReport).key).toBe('a');
    expect(queued()).toEqual([]);
  });

  it('drops a report the server refused and goes on with the next', async () => {
    enqueue(scan('bad'));
    enqueue(scan('good'));
    const send = vi.fn((r: QueuedReport) =>
      r.key === 'bad'
        ? Promise.reject(new ApiError(409, 'CONFLICT', 'changed meanwhile'))
        : Promise.resolve({}),
    );
    const outcomes: ReportOutcome[] = [];
    await flush(send, (o) => outcomes.push(o));
    expect(outcomes.map((o) => [o.report.key, o.ok])).toEqual([
      ['bad', false],
      ['good', true],
    ]);
  });

  it('merges waiting positions into one batch that keeps its key until answered', async () => {
    enqueue(position('p1', 1));
    enqueue(position('p2', 2));
    enqueue(scan('s'));
    const offline = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    await flush(offline, () => undefined);
    const batch = queued()[0]!;
    expect(queued()).toHaveLength(2);
    expect((batch.body as { positions: unknown[] }).positions).toHaveLength(2);
    enqueue(position('p3', 3));
    const send = vi.fn().mockResolvedValue({});
    await flush(send, () => undefined);
    expect((send.mock.calls[0]![0] as QueuedReport).key).toBe(batch.key);
    expect(send.mock.calls.map(([r]) => (r as QueuedReport).url)).toEqual([
      '/api/driver/position',
      '/api/driver/scan',
      '/api/driver/position',
    ]);
  });
});
