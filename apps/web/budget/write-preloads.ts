/**
 * After `vite build`: writes dist/.vite/route-preloads.json, for each route of ROUTE_MODULES the
 * files its lazy page modules load at once (JS and CSS) that the entry does not already load. The
 * server writes them into the head of that route's page (`<link rel="modulepreload">`, the CSS as
 * its stylesheet; apps/server web/route-preloads.ts), so the browser fetches them with the page
 * instead of after the entry has run.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { entryKey, GUARD, moduleKey, readManifest, ROUTE_MODULES, staticClosure } from './route-sizes';

/**
 * Loaded by every guarded screen's page, which carries its session and may carry the answers to
 * its opening calls (features/auth/api/session); the tracking page imports it itself. Neither is checked by a schema first: the server
 * wrote both through their schemas, so zod is not part of a signed-in page's first load.
 */
const BOOT_CALLS = 'src/lib/boot-calls.ts';

/** The build's second entry (vite.config.ts). */
const START_LATE = 'src/start-late.ts';

const dist = resolve(import.meta.dirname, '../dist');
const manifest = readManifest(dist);
const entry = staticClosure(manifest, entryKey(manifest));
const preloads: Record<string, string[]> = {};
for (const [route, modules] of Object.entries(ROUTE_MODULES)) {
  const files = new Set<string>();
  for (const module of modules) staticClosure(manifest, module, files);
  if (modules.includes(GUARD)) staticClosure(manifest, moduleKey(manifest, BOOT_CALLS), files);
  preloads[route] = [...files].filter((f) => !entry.has(f)).map((f) => `/${f}`);
}
writeFileSync(join(dist, '.vite/route-preloads.json'), `${JSON.stringify(preloads, null, 1)}\n`);
// The app's start on a page with a phone's first view (src/start-late.ts), the build's second
// entry: its file, which the server names in such a page instead of the app's (web/first-view).
const startLate = manifest[START_LATE];
if (!startLate?.isEntry) throw new Error(`${START_LATE} is not an entry of the Vite manifest`);
writeFileSync(join(dist, '.vite/start-late.json'), `${JSON.stringify({ script: `/${startLate.file}` })}\n`);
console.log(`route preloads: ${Object.keys(preloads).length} routes → dist/.vite/route-preloads.json`);
