import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded';
import { createTemplate } from './databases';

/**
 * Once per run of the server project: the PostgreSQL to test on is TEST_DATABASE_URL's or, without
 * it, an embedded one started here (durability off, data in a temp directory) and stopped at the end.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopServer = async () => {};
  if (!adminUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'courier-test-pg-'));
    const started = Date.now();
    const server = await startEmbeddedPostgres({
      dir: join(dir, 'postgres'),
      ephemeral: true,
      settings: { max_connections: '300' },
    });
    console.log(`Embedded PostgreSQL for the tests ready in ${Date.now() - started} ms`);
    adminUrl = server.adminUrl;
    stopServer = async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const template = await createTemplate(adminUrl);
  project.provide('testDatabaseUrl', adminUrl);
  project.provide('testTemplate', template.name);
  return async () => {
    await template.drop();
    await stopServer();
  };
}
