import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** `"` and `&` escaped for an attribute value (the build's file names need none, but a file could). */
const attribute = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * The preload elements of the web app's HTML for a path (issue 15 §1 first load): the files its
 * route's lazy page loads at once, which the build lists in dist/.vite/route-preloads.json (apps/web
 * budget/write-preloads.ts), so the browser fetches them with the page rather than after the entry
 * script has run and the router has asked for them. JS as `<link rel="modulepreload">`, CSS as the
 * stylesheet it is. Written into the page, not sent as a `Link` header, because the app's loader
 * (Vite's preload helper) looks for these elements before it adds its own for the same files: with
 * a header it added them all again, a DOM insertion each on the critical path. A path is its route,
 * or under it (`/reset/{token}` has none). '' when the build wrote no list or the path has no files.
 */
export function routePreloadTags(webDist: string): (path: string) => string {
  const file = join(webDist, '.vite/route-preloads.json');
  if (!existsSync(file)) return () => '';
  const byRoute = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
  const tags = new Map(
    Object.entries(byRoute).map(([route, files]) => [
      route,
      files
        .map((f) =>
          f.endsWith('.css')
            ? `<link rel="stylesheet" crossorigin href="${attribute(f)}">`
            : `<link rel="modulepreload" crossorigin href="${attribute(f)}">`,
        )
        .join(''),
    ]),
  );
  return (path) => tags.get(path.split('?')[0]!.replace(/\/+$/, '') || '/') ?? '';
}
