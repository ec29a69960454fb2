import { freePort } from '../lib/ports';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { createDatabase, type TestDatabase } from '../test/databases';

const ROOT = resolve(import.meta.dirname, '../../../..');

/** Starts the real server entry on `databaseUrl`; resolves with its exit code or 'ready'. */
function startServer(databaseUrl: string, port: number, dataDir: string) {
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      TENANT_NAME: 'Race',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const ready = (async () => {
    for (let i = 0; i < 240; i++) {
      if (child.exitCode !== null) return `exited ${child.exitCode}: ${output}`;
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return 'ready';
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    return `not ready: ${output}`;
  })();
  return { child, ready };
}

describe('two server processes starting together on an empty database', () => {
  let db: TestDatabase | undefined;
  const children: ChildProcess[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'courier-race-'));
  afterAll(async () => {
    for (const c of children) c.kill('SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : 0)));
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('both start; the database is migrated and seeded once', async () => {
    db = await createDatabase(inject('testDatabaseUrl'));
    const [a, b] = [await freePort(), await freePort()];
    const servers = [startServer(db.url, a, dataDir), startServer(db.url, b, dataDir)];
    children.push(...servers.map((s) => s.child));
    expect(await Promise.all(servers.map((s) => s.ready))).toEqual(['ready', 'ready']);
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      const users = await c.query<{ n: string }>('select count(*) as n from users');
      const statuses = await c.query<{ n: string }>('select count(*) as n from docket_statuses');
      const dockets = await c.query<{ n: string }>('select count(*) as n from dockets');
      expect(Number(users.rows[0]!.n)).toBe(5);
      expect(Number(statuses.rows[0]!.n)).toBeGreaterThan(0);
      expect(Number(dockets.rows[0]!.n)).toBe(200);
    } finally {
      await c.end();
    }
  }, 120_000);
});
