import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { connectLiveEvents, invalidationsOf } from './live-events';

/** A stand-in EventSource the test drives: named events, errors and the server closing it. */
class FakeSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static opened: FakeSource[] = [];
  readyState = FakeSource.OPEN;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  constructor(public url: string) {
    FakeSource.opened.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  emit(type: string, data: unknown) {
    for (const fn of this.listeners.get(type) ?? [])
      fn(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  close() {
    this.readyState = FakeSource.CLOSED;
  }
}

const event = { dck_id: 7, dck_docket: 1007, dck_status: 'P', circuits: ['LIVE', 'NWCOLL'] };

function connect(since?: number, scope?: string) {
  FakeSource.opened = [];
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  const stop = connectLiveEvents(queryClient, {
    since,
    scope,
    batchMs: 10,
    retryMs: 50,
    EventSource: FakeSource as unknown as typeof EventSource,
  });
  const keys = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);
  return { stop, invalidate, keys, source: () => FakeSource.opened.at(-1)! };
}

describe('live events → query invalidations (ARCHITECTURE rule 11)', () => {
  it("maps a docket event to its circuits' boards, the booking lists, that booking and tracking", () => {
    expect(invalidationsOf({ type: 'docket', data: event })).toEqual([
      ['control', 'board', 'LIVE'],
      ['control', 'board', 'NWCOLL'],
      ['docket-list'],
      ['docket-detail', 7],
      ['docket-track'],
    ]);
    // A customer's event names no circuit: only their lists, booking and tracking.
    expect(invalidationsOf({ type: 'docket', data: { ...event, circuits: [] } })).toEqual([
      ['docket-list'],
      ['docket-detail', 7],
      ['docket-track'],
    ]);
  });

  it('refreshes everything live on ready, and nothing on a malformed event', () => {
    expect(invalidationsOf({ type: 'ready' })).toEqual([
      ['control', 'board'],
      ['docket-list'],
      ['docket-detail'],
      ['docket-track'],
    ]);
    expect(invalidationsOf({ type: 'docket', data: { dck_id: 'x' } })).toEqual([]);
    // The server heard nothing for this user since the page's data was read: nothing to read again.
    expect(invalidationsOf({ type: 'ready', missed: false })).toEqual([]);
    expect(invalidationsOf({ type: 'ready', missed: true })).toHaveLength(4);
  });

  it("sends the page's time as the stream's since, and reads nothing again on a ready that missed nothing", async () => {
    vi.useFakeTimers();
    const { keys, source, stop } = connect(1_765_000_000_000);
    expect(source().url).toBe('/api/events?since=1765000000000');
    source().emit('ready', { missed: false });
    await vi.advanceTimersByTimeAsync(20);
    expect(keys()).toEqual([]);
    // A ready that missed something, or says nothing of it (an older server), reads everything again.
    source().emit('ready', { missed: true });
    await vi.advanceTimersByTimeAsync(20);
    expect(keys()).toContainEqual(['docket-list']);
    const before = keys().length;
    source().emit('ready', {});
    await vi.advanceTimersByTimeAsync(20);
    expect(keys().length).toBeGreaterThan(before);
    stop();
    vi.useRealTimers();
  });

  it("sends the page's scope with its time, on the first stream only", async () => {
    vi.useFakeTimers();
    const { source, stop } = connect(1_765_000_000_000, '0123456789abcdef');
    expect(source().url).toBe('/api/events?since=1765000000000&scope=0123456789abcdef');
    source().readyState = FakeSource.CLOSED;
    source().onerror?.();
    await vi.advanceTimersByTimeAsync(50);
    expect(source().url).toBe('/api/events');
    stop();
    vi.useRealTimers();
  });

  it('takes only the first ready of the first stream at its word: a reconnect reads everything again', async () => {
    vi.useFakeTimers();
    const { keys, source, stop } = connect(1_765_000_000_000);
    source().emit('ready', { missed: false });
    await vi.advanceTimersByTimeAsync(20);
    expect(keys()).toEqual([]);
    // The browser reconnects the same stream by itself (a scope change ends it): its ready may say
    // nothing was missed, but what the user may see can have changed without an event.
    source().emit('ready', { missed: false });
    await vi.advanceTimersByTimeAsync(20);
    expect(keys()).toContainEqual(['docket-list']);
    // A stream opened again after the server closed it asks without the page's time.
    source().readyState = FakeSource.CLOSED;
    source().onerror?.();
    await vi.advanceTimersByTimeAsync(50);
    expect(FakeSource.opened.map((s) => s.url)).toEqual(['/api/events?since=1765000000000', '/api/events']);
    stop();
    vi.useRealTimers();
  });

  it('opens one stream on /api/events and invalidates once per burst of events', async () => {
    vi.useFakeTimers();
    const { keys, source, stop } = connect();
    expect(FakeSource.opened.map((s) => s.url)).toEqual(['/api/events']);
    source().emit('docket', event);
    source().emit('docket', { ...event, dck_id: 8 });
    expect(keys()).toEqual([]);
    await vi.advanceTimersByTimeAsync(10);
    expect(keys()).toEqual([
      ['control', 'board', 'LIVE'],
      ['control', 'board', 'NWCOLL'],
      ['docket-list'],
      ['docket-detail', 7],
      ['docket-track'],
      ['docket-detail', 8],
    ]);
    stop();
    expect(source().readyState).toBe(FakeSource.CLOSED);
  });

  it('opens the stream again after the server closed it, and refreshes on its ready', async () => {
    vi.useFakeTimers();
    const { keys, source, stop } = connect();
    const first = source();
    first.readyState = FakeSource.CLOSED;
    first.onerror?.();
    await vi.advanceTimersByTimeAsync(50);
    expect(FakeSource.opened).toHaveLength(2);
    source().emit('ready', {});
    await vi.advanceTimersByTimeAsync(10);
    expect(keys()).toContainEqual(['control', 'board']);
    // A network error the browser retries by itself (CONNECTING) opens no second stream.
    source().readyState = FakeSource.CONNECTING;
    source().onerror?.();
    await vi.advanceTimersByTimeAsync(200);
    expect(FakeSource.opened).toHaveLength(2);
    stop();
  });

  it('opens nothing more once closed', async () => {
    vi.useFakeTimers();
    const { source, stop } = connect();
    const first = source();
    stop();
    first.onerror?.();
    await vi.advanceTimersByTimeAsync(500);
    expect(FakeSource.opened).toHaveLength(1);
  });
});
