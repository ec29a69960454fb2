import { describe, expect, it } from 'vitest';
import { count, desc, eq, gte, lt } from 'drizzle-orm';
import { auditLog, passwordResets, sessions } from '../../db/schema';
import { CUSTOMER, DB_KINDS, loginAs, post, TENANT_A, TENANT_B, useTestApp } from '../../test/harness';
import { purgeExpiredSecrets, SECRET_KEEP_DAYS } from './expired-secrets.job';

const DAY_MS = 86_400_000;

describe.each(DB_KINDS)('the expired secrets purge on %s', (kind) => {
  const t = useTestApp(kind, { dockets: 0 });
  const db = (name = TENANT_A) => t.tenants.get(name)!.db;
  /** Asks for a reset link and waits for its mail: the link is stored in the background, before its mail. */
  const forgot = async () => {
    const sent = t.mail.to('customer@example.com').length;
    const res = await post(t.app, '/api/auth/password/forgot', { database: TENANT_A, username: 'customer' });
    await t.mail.next('customer@example.com', sent);
    return res;
  };
  /** Sessions and reset links expired before `at`, and those still live at `now`. */
  const counts = async (at: Date, now: Date) => {
    const n = async (q: Promise<{ n: number }[]>) => Number((await q)[0]!.n);
    return {
      oldSessions: await n(db().select({ n: count() }).from(sessions).where(lt(sessions.sess_expires, at))),
      liveSessions: await n(
        db().select({ n: count() }).from(sessions).where(gte(sessions.sess_expires, now)),
      ),
      oldResets: await n(
        db().select({ n: count() }).from(passwordResets).where(lt(passwordResets.prst_expires, at)),
      ),
      liveResets: await n(
        db().select({ n: count() }).from(passwordResets).where(gte(passwordResets.prst_expires, now)),
      ),
    };
  };

  it('deletes sessions and reset links a month past their expiry and keeps the live ones', async () => {
    const old = await loginAs(t.app, ...CUSTOMER);
    const otherTenant = await loginAs(t.app, ...CUSTOMER, TENANT_B);
    expect((await forgot()).statusCode).toBe(200);
    t.clock.advance((SECRET_KEEP_DAYS + 1) * DAY_MS);
    const fresh = await loginAs(t.app, ...CUSTOMER);
    expect((await forgot()).statusCode).toBe(200);
    const cutoff = new Date(t.clock.now().getTime() - SECRET_KEEP_DAYS * DAY_MS);
    const before = await counts(cutoff, t.clock.now());
    expect(before.oldSessions).toBeGreaterThanOrEqual(1);
    expect(before.oldResets).toBeGreaterThanOrEqual(1);

    expect(await purgeExpiredSecrets(db(), t.clock)).toBeGreaterThanOrEqual(2);
    expect(await counts(cutoff, t.clock.now())).toEqual({
      oldSessions: 0,
      liveSessions: before.liveSessions,
      oldResets: 0,
      liveResets: before.liveResets,
    });
    expect((await post(t.app, '/api/auth/session', {}, old)).statusCode).toBe(401);
    expect((await post(t.app, '/api/auth/session', {}, fresh)).statusCode).toBe(200);
    // Another tenant's database is its own: purged only by its own run.
    const [b] = await db(TENANT_B)
      .select({ n: count() })
      .from(sessions)
      .where(lt(sessions.sess_expires, cutoff));
    expect(Number(b!.n)).toBeGreaterThanOrEqual(1);
    expect(otherTenant).toBeTruthy();

    expect(await purgeExpiredSecrets(db(), t.clock)).toBe(0);
    const [entry] = await db()
      .select({ detail: auditLog.log_detail })
      .from(auditLog)
      .where(eq(auditLog.log_process, 'expired secrets purge'))
      .orderBy(desc(auditLog.log_id))
      .limit(1);
    expect(entry?.detail).toMatchObject({ keptDays: SECRET_KEEP_DAYS });
    const deleted = (entry!.detail as { deleted: Record<string, number> }).deleted;
    expect(deleted.sessions).toBeGreaterThanOrEqual(1);
    expect(deleted.password_resets).toBeGreaterThanOrEqual(1);
  });
});
