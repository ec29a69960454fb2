import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ROOT } from './harness';

/**
 * A private copy of the built web app for one test file's server (WEB_DIST), so that a rebuild of
 * apps/web/dist by someone else during the run cannot pull the assets from under the browser.
 * Retries while a build is half-written (index.html naming assets that are not there yet).
 */
export async function snapshotWebDist(): Promise<{ dir: string; remove: () => void }> {
  const source = resolve(ROOT, 'apps/web/dist');
  for (let attempt = 0; attempt < 20; attempt++) {
    const dir = mkdtempSync(join(tmpdir(), 'courier-web-'));
    const remove = () => rmSync(dir, { recursive: true, force: true });
    try {
      cpSync(source, dir, { recursive: true });
      const html = readFileSync(join(dir, 'index.html'), 'utf8');
      const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
      if (assets.length && assets.every((a) => existsSync(join(dir, a)))) return { dir, remove };
    } catch {
      // a build is replacing the folder right now
    }
    remove();
    await new Promise((ok) => setTimeout(ok, 1000));
  }
  throw new Error(`No complete web build in ${source}: run \`npm run build\` first.`);
}
