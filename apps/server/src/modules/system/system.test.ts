import { describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from '../../db/client';
import { DB_KINDS, useTestApp, post, TENANT_A, TENANT_B } from '../../test/harness';
import { PUBLIC_SETTINGS_RATE_MAX } from './system.routes';

describe.each(DB_KINDS)('system on %s', (kind) => {
  const t = useTestApp(kind, { dockets: 0 });

  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().tenants.map((x: { ok: boolean }) => x.ok)).toEqual([true, true]);
  });

  it('reports not ready when a tenant database is down', async () => {
    const b = t.tenants.get(TENANT_B)!;
    const ping = b.ping;
    b.ping = () => Promise.reject(new Error('down'));
    const res = await t.app.inject('/readyz');
    b.ping = ping;
    expect(res.statusCode).toBe(503);
    expect(res.json().tenants).toContainEqual({ name: TENANT_B, ok: false });
  });

  it('lists the databases with their themes', async () => {
    const res = await post(t.app, '/api/database/list', {});
    expect(res.json()).toEqual([
      { name: TENANT_A, theme: { primaryColor: 'blue', name: TENANT_A } },
      { name: TENANT_B, theme: { primaryColor: 'orange', name: TENANT_B } },
    ]);
  });

  it('gives the app and database versions', async () => {
    const res = await t.app.inject('/api/system/version');
    expect(res.json().appVersion).toBe('test');
    expect(res.json().dbVersion).toMatch(/^PostgreSQL \d+/);
  });

  it('holds each public settings read to PUBLIC_SETTINGS_RATE_MAX a minute per address', async () => {
    const from = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/system/tracking',
        remoteAddress,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ database: TENANT_A }),
      });
    for (let i = 0; i < PUBLIC_SETTINGS_RATE_MAX; i++) expect((await from('192.0.2.7')).statusCode).toBe(200);
    const over = await from('192.0.2.7');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ error: 'RATE_LIMITED' });
    // Another address, and another of the reads from the same one, are not held by it.
    expect((await from('192.0.2.8')).statusCode).toBe(200);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/system/password',
      remoteAddress: '192.0.2.7',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ database: TENANT_A }),
    });
    expect(other.statusCode).toBe(200);
  });

  it('answers an unknown API route with 404 JSON', async () => {
    const res = await post(t.app, '/api/nothing/here', {});
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('NOT_FOUND');
  });

  it('survives the database server ending its idle connections', async () => {
    const db = t.tenants.get(TENANT_A)!.db;
    // Fill the pool with idle clients, then have the server end them behind the pool's back.
    const name = (await queryRows<{ name: string }>(db, sql`select current_database() as name`))[0]!.name;
    await Promise.all([1, 2, 3].map(() => db.execute(sql`select pg_sleep(0.05)`)));
    const killer = new pg.Client({ connectionString: inject('testDatabaseUrl') });
    await killer.connect();
    const { rows } = await killer.query<{ n: number }>(
      `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid()`,
      [name],
    );
    await killer.end();
    expect(rows[0]!.n).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 100));
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect((await post(t.app, '/api/database/list', {})).statusCode).toBe(200);
  });
});
