import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, createTestApp, post, TENANT_A, TENANT_B, type TestApp } from '../../test/harness';

describe.each(DB_KINDS)('system on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { dockets: 0 });
  });
  afterAll(() => t?.close());

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

  it('answers an unknown API route with 404 JSON', async () => {
    const res = await post(t.app, '/api/nothing/here', {});
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('NOT_FOUND');
  });
});
