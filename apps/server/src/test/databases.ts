import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openTenant } from '../db/tenants';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the server the integration tests create their databases on. */
    testDatabaseUrl: string;
    /** A migrated database to copy (`create database … template`), so a test file skips the migrations. */
    testTemplate: string;
  }
}

/** A database created for a test, and how to drop it. */
export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function admin<T>(adminUrl: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

/** Creates a database with a random `courier_test_…` name on `adminUrl`'s server (from `template`). */
export async function createDatabase(adminUrl: string, template?: string): Promise<TestDatabase> {
  const name = `courier_test_${randomBytes(6).toString('hex')}`;
  await admin(adminUrl, (c) =>
    c.query(`create database ${name}${template ? ` template ${c.escapeIdentifier(template)}` : ''}`),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () =>
      admin(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

/** A fresh database with every migration applied, to be copied by createDatabase. */
export async function createTemplate(adminUrl: string): Promise<TestDatabase> {
  const db = await createDatabase(adminUrl);
  const t = await openTenant({
    name: 'template',
    theme: { primaryColor: 'blue', name: 'template' },
    url: db.url,
  });
  await t.close();
  return db;
}
