/**
 * What each route of the built web app loads first, as transferred: the Vite manifest's entry
 * (index.html) with its static imports and CSS, plus the route's lazy page module with its own, each
 * file counted at the size of its brotli variant (what a browser gets from the server, which sends the
 * build's pre-compressed files), or its raw size when the build left it uncompressed (under 1 KB).
 * Read by the size budget test and by bench:web.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** A Vite manifest chunk (https://vite.dev/guide/backend-integration). */
interface ManifestChunk {
  file: string;
  /** The chunk's name: a shared chunk's is its first module's file name without extension. */
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The route guard and its shells, lazy-loaded with every screen but login and mfa. */
export const GUARD = 'src/app/shell/RouteGuard.tsx';

/** The lazy modules of each route, as the router loads them (apps/web/src/app/router.tsx). */
export const ROUTE_MODULES: Record<string, string[]> = {
  '/login': ['src/features/auth/pages/LoginPage.tsx'],
  '/mfa': ['src/features/auth/pages/MfaPage.tsx'],
  '/home': [GUARD, 'src/features/home/pages/HomePage.tsx'],
  '/docket/detail': [GUARD, 'src/features/dockets/pages/BookingDetailPage.tsx'],
  '/docket/list': [GUARD, 'src/features/dockets/pages/BookingListPage.tsx'],
  // History opens its Filter window at once when no dates are kept: its date pickers come with it.
  '/docket/archive': [
    GUARD,
    'src/features/dockets/pages/BookingListPage.tsx',
    'src/components/DateFilterForm.tsx',
  ],
  '/docket/detailhistory': [GUARD, 'src/features/dockets/pages/BookingHistoryPage.tsx'],
  '/address/list': [GUARD, 'src/features/addresses/pages/AddressListPage.tsx'],
  '/address/detail': [GUARD, 'src/features/addresses/pages/AddressDetailPage.tsx'],
  '/docket/track': [GUARD, 'src/features/tracking/pages/TrackPage.tsx'],
  '/docket/trace': [GUARD, 'src/features/tracking/pages/TraceListPage.tsx'],
  '/register': [GUARD, 'src/features/register/pages/RegisterPage.tsx'],
  '/control': [GUARD, 'src/features/control/pages/ControlPage.tsx'],
  '/user/list': [GUARD, 'src/features/users/pages/UserListPage.tsx'],
  '/user/detail': [GUARD, 'src/features/users/pages/UserDetailPage.tsx'],
  '/system': [GUARD, 'src/features/system/pages/SystemPage.tsx'],
  '/report/list': [GUARD, 'src/features/reports/pages/ReportListPage.tsx'],
  '/report/view': [GUARD, 'src/features/reports/pages/ReportViewPage.tsx'],
  '/log': [GUARD, 'src/features/logs/pages/LogListPage.tsx'],
  '/log/detail': [GUARD, 'src/features/logs/pages/LogDetailPage.tsx'],
  '/driver': ['src/features/driver/pages/DriverPage.tsx'],
  '/email/confirm': ['src/features/users/pages/EmailConfirmPage.tsx'],
  '/docket/quote': [GUARD, 'src/features/quotes/pages/QuotePage.tsx'],
  '/success': [GUARD, 'src/features/quotes/pages/QuotePage.tsx'],
  '/failed': [GUARD, 'src/features/quotes/pages/QuotePage.tsx'],
};

/** Bytes of one route's first load, compressed as sent. */
export interface RouteSize {
  route: string;
  html: number;
  js: number;
  css: number;
  /** Every file of the first load and its compressed size. */
  files: { file: string; bytes: number }[];
}

/** The build's manifest (build.manifest: true in vite.config.ts). */
export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** Size of a built file as sent: its .br variant when the build wrote one, else the file itself. */
export function sentBytes(dist: string, file: string): number {
  const br = join(dist, `${file}.br`);
  return statSync(existsSync(br) ? br : join(dist, file)).size;
}

/** The app's entry (index.html), of the manifest's entries (the other: src/start-late.ts). */
export function entryKey(manifest: Manifest): string {
  if (!manifest['index.html']?.isEntry) throw new Error('The Vite manifest has no entry index.html');
  return 'index.html';
}

/**
 * The manifest key of module `src`: `src` itself when the module begins a chunk of its own (a
 * dynamic import's), else the shared chunk Rolldown named after it (`_{name}-{hash}.js`: a module
 * that one chunk also imports statically is put there).
 * @throws Error when neither is in the manifest
 */
export function moduleKey(manifest: Manifest, src: string): string {
  if (manifest[src]) return src;
  const name = src.slice(src.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '');
  const key = Object.keys(manifest).find((k) => k.startsWith('_') && manifest[k]!.name === name);
  if (!key) throw new Error(`${src} is not in the Vite manifest`);
  return key;
}

/** Files a chunk loads at once: itself, its static imports (transitively) and their CSS. */
export function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** First-load bytes of every route of ROUTE_MODULES in the build at `dist`. */
export function routeSizes(dist: string): RouteSize[] {
  const manifest = readManifest(dist);
  const entry = entryKey(manifest);
  const html = sentBytes(dist, 'index.html');
  return Object.entries(ROUTE_MODULES).map(([route, modules]) => {
    const loaded = staticClosure(manifest, entry);
    for (const module of modules) staticClosure(manifest, module, loaded);
    const files = [...loaded].map((file) => ({ file, bytes: sentBytes(dist, file) }));
    const sum = (ext: string) => files.filter((f) => f.file.endsWith(ext)).reduce((n, f) => n + f.bytes, 0);
    return { route, html, js: sum('.js'), css: sum('.css'), files };
  });
}

/** KB (1,000 bytes, as the budgets and Lighthouse count) with one decimal. */
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** One line a route: HTML, JS and CSS as transferred. */
export function formatSizes(sizes: RouteSize[]): string {
  return sizes
    .map(
      (s) =>
        `${s.route.padEnd(22)} JS ${kb(s.js).padStart(9)}  CSS ${kb(s.css).padStart(8)}  HTML ${kb(s.html).padStart(7)}`,
    )
    .join('\n');
}
