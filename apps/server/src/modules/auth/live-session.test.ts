import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { UserPostRequest } from '@courier/contracts';
import { users } from '../../db/schema';
import { ADMIN, DB_KINDS, loginAs, post, TENANT_A, TENANT_B, useTestApp } from '../../test/harness';
import { tenantKey } from './tenant-tokens';
import { LIVE_SESSION_CACHE_MS } from '../../db/live-session-cache';
import { updateUser } from '../users/user-admin.repository';
import { findLiveSession } from './auth.repository';
import { sha256 } from '../../lib/tokens';

const PASSWORD = 'Kept#Session2026';

/**
 * The live-session cache through the server (live-session-cache.ts): a session read is kept for a
 * second, so an edit made behind the server's back shows within that second, while every change
 * made through the server (logout, an administrator's rights change, a password set, a deletion)
 * holds on the very next call.
 */
describe.each(DB_KINDS)('kept session reads on %s', (kind) => {
  const t = useTestApp(kind, { dockets: 3 });
  const db = () => t.tenants.get(TENANT_A)!.db;
  const real = performance.now.bind(performance);
  let offset = 0;
  /** Moves the cache's clock of real time on by `ms`. */
  const wait = (ms: number) => (offset += ms);

  beforeEach(() => {
    vi.spyOn(performance, 'now').mockImplementation(() => real() + offset);
  });
  afterEach(() => vi.restoreAllMocks());

  /** A new booking user, signed in, whose session read is kept. */
  async function keptUser(logon: string) {
    const admin = await loginAs(t.app, ...ADMIN);
    const account = (await post(t.app, '/api/auth/session', {}, admin)).json().accounts[0].cust_id as number;
    const body: UserPostRequest = {
      ausr_logon: logon,
      ausr_firstname: 'Kept',
      ausr_lastname: logon,
      ausr_email: `${logon}@example.com`,
      ausr_password: PASSWORD,
      ausr_rights_booking: 'T',
      ausr_rights_history: 'T',
      accounts: [{ cust_id: account }],
    };
    const saved = await post(t.app, '/api/user/post', body, admin);
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().ausr_id as number;
    const token = await loginAs(t.app, logon, PASSWORD);
    expect((await post(t.app, '/api/docket/list', {}, token)).statusCode).toBe(200);
    // Taken away behind the server's back: the kept read still answers, for a second at most.
    await db().update(users).set({ ausr_rights_history: 'F' }).where(eq(users.ausr_id, id));
    expect((await post(t.app, '/api/docket/list', {}, token)).statusCode).toBe(200);
    await db().update(users).set({ ausr_rights_history: 'T' }).where(eq(users.ausr_id, id));
    // The saved user as an edit sends it back: no password, which would set a new one.
    const edit: UserPostRequest = { ...body, ausr_id: id };
    delete edit.ausr_password;
    return { admin, account, body: edit, id, token };
  }

  it('shows an edit made behind the server’s back within a second', async () => {
    const { token, id } = await keptUser('kept-edit');
    await db().update(users).set({ ausr_rights_history: 'F' }).where(eq(users.ausr_id, id));
    expect((await post(t.app, '/api/docket/list', {}, token)).statusCode).toBe(200);
    wait(LIVE_SESSION_CACHE_MS);
    expect((await post(t.app, '/api/docket/list', {}, token)).statusCode).toBe(403);
  });

  it('ends a kept session on logout at once', async () => {
    const { token } = await keptUser('kept-logout');
    expect((await post(t.app, '/api/auth/logout', {}, token)).statusCode).toBe(200);
    expect((await post(t.app, '/api/docket/list', {}, token)).statusCode).toBe(401);
  });

  /** The status of the kept user's next booking-list call. */
  const nextList = async (token: string) => (await post(t.app, '/api/docket/list', {}, token)).statusCode;

  /** An administrator's call about a kept user (answered 200), then that user's next list call: its status. */
  async function nextListAfter(kept: Awaited<ReturnType<typeof keptUser>>, url: string, body: unknown) {
    const res = await post(t.app, url, body, kept.admin);
    expect(res.statusCode, res.body).toBe(200);
    return nextList(kept.token);
  }

  it('applies an administrator’s rights change, password set and deletion on the next call', async () => {
    const rights = await keptUser('kept-rights');
    expect(await nextListAfter(rights, '/api/user/post', { ...rights.body, ausr_rights_history: 'F' })).toBe(
      403,
    );
    const reset = await keptUser('kept-reset');
    expect(
      await nextListAfter(reset, '/api/user/post', { ...reset.body, ausr_password: 'Brand#New2026' }),
    ).toBe(401);
    const leaver = await keptUser('kept-leaver');
    expect(await nextListAfter(leaver, '/api/user/delete', { _id: leaver.id })).toBe(401);
  });

  it('never answers a token whose tenant prefix was changed from a kept read of the original', async () => {
    const { token } = await keptUser('kept-prefix');
    const other = `${tenantKey(TENANT_B)}${token.slice(token.indexOf('.'))}`;
    expect(await nextList(other)).toBe(401);
    expect(await nextList(token)).toBe(200);
  });

  it('does not keep past a commit a read taken while the writing transaction was open', async () => {
    const { token, id } = await keptUser('kept-during');
    await db().transaction(async (tx) => {
      await updateUser(tx, id, { ausr_rights_history: 'F' });
      // Not committed yet: this call reads the old rights, and its read may be kept…
      expect((await post(t.app, '/api/docket/list', {}, token)).statusCode).toBe(200);
    });
    // …until the commit, which forgets it.
    expect((await post(t.app, '/api/docket/list', {}, token)).statusCode).toBe(403);
  });

  it('reads and keeps no password hash with a session', async () => {
    const { token } = await keptUser('kept-nohash');
    const found = await findLiveSession(db(), sha256(token), new Date());
    expect(found?.user.ausr_logon).toBe('kept-nohash');
    expect(found?.user).not.toHaveProperty('ausr_password');
  });
});
