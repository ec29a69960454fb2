import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FORGET_WINDOW_MS,
  LIVE_SESSION_CACHE_MS,
  forgetLiveSessions,
  keepLiveSession,
  keptLiveSession,
} from './live-session-cache';

const tenantA = {};
const tenantB = {};
const now = new Date('2026-11-27T10:00:00Z');
const inAnHour = new Date('2026-11-27T11:00:00Z');
const read = () => ({ session: { sess_id: 1 }, accounts: [{ cust_id: 7 }] });

/** The cache's clock of real time (performance.now), moved by the tests; each starts well apart. */
let clock = 1e9;
const wait = (ms: number) => (clock += ms);

describe('live-session cache', () => {
  beforeEach(() => {
    wait(10 * FORGET_WINDOW_MS);
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
  });
  afterEach(() => vi.restoreAllMocks());

  it('keeps a read for its tenant for a second of real time, frozen', () => {
    keepLiveSession(tenantA, 'h1', read(), inAnHour);
    const kept = keptLiveSession<ReturnType<typeof read>>(tenantA, 'h1', now);
    expect(kept?.accounts).toEqual([{ cust_id: 7 }]);
    expect(() => kept!.accounts.push({ cust_id: 8 })).toThrow(TypeError);
    expect(keptLiveSession(tenantB, 'h1', now)).toBeUndefined();
    wait(LIVE_SESSION_CACHE_MS - 1);
    expect(keptLiveSession(tenantA, 'h1', now)).toBeDefined();
    wait(1);
    expect(keptLiveSession(tenantA, 'h1', now)).toBeUndefined();
  });

  it('never answers for a session that has expired by the caller’s clock', () => {
    keepLiveSession(tenantA, 'h2', read(), new Date(now.getTime() + 500));
    expect(keptLiveSession(tenantA, 'h2', now)).toBeDefined();
    expect(keptLiveSession(tenantA, 'h2', new Date(now.getTime() + 500))).toBeUndefined();
  });

  it('forgets everything on a write and keeps nothing while that write may still be committing', () => {
    keepLiveSession(tenantA, 'h3', read(), inAnHour);
    keepLiveSession(tenantB, 'h4', read(), inAnHour);
    forgetLiveSessions();
    expect(keptLiveSession(tenantA, 'h3', now)).toBeUndefined();
    expect(keptLiveSession(tenantB, 'h4', now)).toBeUndefined();
    wait(FORGET_WINDOW_MS - 1);
    keepLiveSession(tenantA, 'h3', read(), inAnHour);
    expect(keptLiveSession(tenantA, 'h3', now)).toBeUndefined();
    wait(1);
    keepLiveSession(tenantA, 'h3', read(), inAnHour);
    expect(keptLiveSession(tenantA, 'h3', now)).toBeDefined();
  });
});
