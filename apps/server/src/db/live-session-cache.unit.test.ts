import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LIVE_SESSION_CACHE_MS,
  forgetEpoch,
  forgetLiveSession,
  forgetLiveSessions,
  forgetting,
  keepLiveSession,
  keptLiveSession,
} from './live-session-cache';

const tenantA = {};
const tenantB = {};
const now = new Date('2026-11-27T10:00:00Z');
const inAnHour = new Date('2026-11-27T11:00:00Z');
const read = () => ({ session: { sess_id: 1 }, accounts: [{ cust_id: 7 }] });
/** Keeps a read taken with no forget while it ran. */
const keep = (owner: object, hash: string, expiresAt = inAnHour) =>
  keepLiveSession(owner, hash, read(), expiresAt, forgetEpoch());

/** The cache's clock of real time (performance.now), moved by the tests. */
let clock = 1e9;

describe('live-session cache', () => {
  beforeEach(() => vi.spyOn(performance, 'now').mockImplementation(() => clock));
  afterEach(() => vi.restoreAllMocks());

  it('keeps a read for its tenant for a second of real time, frozen', () => {
    keep(tenantA, 'h1');
    const kept = keptLiveSession<ReturnType<typeof read>>(tenantA, 'h1', now);
    expect(kept?.accounts).toEqual([{ cust_id: 7 }]);
    expect(() => kept!.accounts.push({ cust_id: 8 })).toThrow(TypeError);
    expect(keptLiveSession(tenantB, 'h1', now)).toBeUndefined();
    clock += LIVE_SESSION_CACHE_MS - 1;
    expect(keptLiveSession(tenantA, 'h1', now)).toBeDefined();
    clock += 1;
    expect(keptLiveSession(tenantA, 'h1', now)).toBeUndefined();
  });

  it('never answers for a session that has expired by the caller’s clock', () => {
    keep(tenantA, 'h2', new Date(now.getTime() + 500));
    expect(keptLiveSession(tenantA, 'h2', now)).toBeDefined();
    expect(keptLiveSession(tenantA, 'h2', new Date(now.getTime() + 500))).toBeUndefined();
  });

  it('forgets every tenant’s reads on a write, and does not keep a read that a write overtook', () => {
    keep(tenantA, 'h3');
    keep(tenantB, 'h4');
    const readStarted = forgetEpoch();
    forgetLiveSessions();
    expect(keptLiveSession(tenantA, 'h3', now)).toBeUndefined();
    expect(keptLiveSession(tenantB, 'h4', now)).toBeUndefined();
    // A read that began before the write's forget ends after it: not kept.
    keepLiveSession(tenantA, 'h3', read(), inAnHour, readStarted);
    expect(keptLiveSession(tenantA, 'h3', now)).toBeUndefined();
    // A read that began after it is.
    keep(tenantA, 'h3');
    expect(keptLiveSession(tenantA, 'h3', now)).toBeDefined();
  });

  it('forgets before and after a write, so a read running across it is not kept', async () => {
    let readStarted = -1;
    await forgetting(async () => {
      readStarted = forgetEpoch(); // a read beginning while the write runs, before its commit
    });
    keepLiveSession(tenantA, 'h5', read(), inAnHour, readStarted);
    expect(keptLiveSession(tenantA, 'h5', now)).toBeUndefined();
  });

  it('forgets one token’s read alone', () => {
    keep(tenantA, 'h6');
    keep(tenantA, 'h7');
    forgetLiveSession('h6');
    expect(keptLiveSession(tenantA, 'h6', now)).toBeUndefined();
    expect(keptLiveSession(tenantA, 'h7', now)).toBeDefined();
  });
});
