import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * The server package's folder (apps/server), found by walking up from this module: the same answer
 * whether the code runs from src/ through tsx or bundled into dist/ (npm start).
 */
function serverRoot(from: string): string {
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
    const pkg = resolve(dir, 'package.json');
    if (
      existsSync(pkg) &&
      (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === '@courier/server'
    )
      return dir;
  }
  throw new Error(`apps/server not found above ${from}`);
}

export const SERVER_ROOT = serverRoot(import.meta.dirname);
/** The repository's root (its package.json carries the app version). */
export const REPO_ROOT = resolve(SERVER_ROOT, '../..');
/** Drizzle's migrations, applied at start. */
export const MIGRATIONS_DIR = resolve(SERVER_ROOT, 'src/db/migrations');
/** The open UK postcode and address data. */
export const OPEN_DATA_DIR = resolve(SERVER_ROOT, 'data');
