/**
 * Builds the server for `npm start`: ESM bundles, apps/server/dist/server.js and the documents'
 * worker thread beside it (pdf.worker.js), and the tracking page's first views' (first-view.worker.js), each with a source map
 * so stack traces name our files (run it with --enable-source-maps). Our own code and the
 * contracts are bundled; every npm package stays external and is loaded from node_modules.
 */
import { build, type Plugin } from 'esbuild';
import { resolve } from 'node:path';

const SERVER = import.meta.dirname;

/** Bare imports stay external, except our own workspace packages (@courier/*), which are TypeScript. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@courier/') ? undefined : { path: args.path, external: true },
    );
  },
};

const started = Date.now();
await build({
  // The server, and the documents' worker thread it starts from its own folder (documents/render).
  entryPoints: {
    server: resolve(SERVER, 'src/server.ts'),
    'pdf.worker': resolve(SERVER, 'src/documents/pdf.worker.ts'),
    // The tracking page's first views (web/first-view), beside the server as that module looks for it.
    'first-view.worker': resolve(SERVER, 'src/web/first-view.worker.ts'),
  },
  outdir: resolve(SERVER, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});
console.log(
  `server built in ${Date.now() - started} ms: apps/server/dist/server.js, pdf.worker.js and first-view.worker.js`,
);
