import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The `Link` header of the web app's HTML for a path (issue 15 §1 first load): the files its route's
 * lazy page loads at once, which the build lists in dist/.vite/route-preloads.json (apps/web
 * budget/write-preloads.ts), so the browser fetches them with the page rather than after the entry
 * script has run and the router has asked for them. JS as rel=modulepreload, CSS as rel=preload
 * as=style. A path is its route, or under it (`/reset/{token}` has none). Undefined when the build
 * wrote no list or the path has no files to preload.
 */
export function routePreloadHeader(webDist: string): (path: string) => string | undefined {
  const file = join(webDist, '.vite/route-preloads.json');
  if (!existsSync(file)) return () => undefined;
  const byRoute = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
  const headers = new Map(
    Object.entries(byRoute)
      .filter(([, files]) => files.length)
      .map(([route, files]) => [
        route,
        files
          .map((f) => (f.endsWith('.css') ? `<${f}>; rel=preload; as=style` : `<${f}>; rel=modulepreload`))
          .join(', '),
      ]),
  );
  return (path) => headers.get(path.split('?')[0]!.replace(/\/+$/, '') || '/');
}
