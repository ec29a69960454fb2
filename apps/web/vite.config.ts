import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { reactAlias } from './react-alias';

/** Builds the SPA to apps/web/dist (served by the Fastify server); the dev server proxies /api to it. */
export default defineConfig({
  plugins: [
    react(),
    // Every text file over 1 KB is compressed once here, brotli (best quality) and gzip beside it; the
    // server sends the variant the browser accepts (@fastify/static `preCompressed`).
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      threshold: 1024,
      // The default set plus WebAssembly: the camera's barcode reader (~1.1 MB, ~0.4 MB as brotli).
      include: /\.(html|xml|css|json|js|mjs|svg|wasm)$/,
      exclude: [/manifest\.json$/],
      logLevel: 'silent',
    }),
  ],
  resolve: { alias: reactAlias },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the portal supports preloads modules itself: no polyfill in the first load.
    modulePreload: { polyfill: false },
    // dist/.vite/manifest.json: what each route loads first, read by the size budget test
    // (apps/web/budget) and bench:web; never served (a dot folder).
    manifest: true,
    // The password-strength dictionaries (zxcvbn) are one lazy ~1.7 MB chunk, fetched only by the
    // password screens; every route chunk stays well under the default 500 kB.
    chunkSizeWarningLimit: 1800,
    rolldownOptions: {
      // The app (index.html), and its start on a page the server wrote a phone's first view into,
      // a script of its own that loads the app once that page is in (src/start-late.ts).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        'start-late': fileURLToPath(new URL('./src/start-late.ts', import.meta.url)),
      },
      output: {
        // zod in a chunk of its own: left to itself the bundler merged it into a chunk of shared UI
        // code (the icons), so the sign-in page downloaded 25 KB of validation it never runs.
        // React's API (Preact, see react-alias.ts), the router and TanStack Query, which every route
        // runs from the first load, in one chunk: split by the set of routes that share them, they
        // were re-cut into smaller files (each compressing worse) whenever a route was added.
        codeSplitting: {
          // Shared modules under 24 KB (before minifying) are copied into the chunks that import them
          // instead of being files of their own: /docket/detail loaded 84 files, most of them 1–2 KB
          // (an icon, a hook), and on a phone's connection each costs a round trip (Lighthouse's
          // simulated mobile LCP: 5.2 → 3.7 s). This turns on strictExecutionOrder (each module
          // runs in import order, as unbundled): a few KB more in all.
          experimentalInlineCommonChunks: { maxSize: 24_000 },
          groups: [
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](preact|react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/,
            },
            // The Mantine parts the sign-in page renders (its database Select brings the popover,
            // floating-ui, scroll area and focus trap) in one chunk: left to the bundler they were cut
            // into ten files by the set of routes sharing each, which compress worse apart (-3.8 KB
            // on /login). Every signed-in route loads it too, as it already loaded most of it. Our
            // Select (src/components/Select.tsx, Mantine's with its list drawn from the first focus)
            // goes with it rather than into a file of its own.
            {
              name: 'mantine',
              test: /[\\/]src[\\/]components[\\/]Select\.tsx$|[\\/]node_modules[\\/](@floating-ui|@mantine[\\/]core[\\/]esm[\\/](core|utils)|@mantine[\\/]core[\\/]esm[\\/]components[\\/](Select|Combobox|Popover|ScrollArea|FocusTrap|Portal|Input|InputBase|TextInput|PasswordInput|Loader|Transition|Box|Overlay|VisuallyHidden|CloseButton|Group|Stack|Button|ActionIcon|UnstyledButton|Text|Title|Paper|Anchor|Divider|Image|ThemeIcon|Checkbox|Center))[\\/]/,
              includeDependenciesRecursively: false,
            },
            // The report viewer's charts in two chunks of their own, loaded by the viewer only:
            // @mantine/charts with recharts, and every library recharts brings (d3, redux…: one left
            // in the page's chunk made the chunks import each other and broke their start-up). With the page they
            // weighed 104 KB compressed, over the 100 KB a route chunk may. Without their dependencies:
            // Mantine's core stays in the chunks every route shares.
            {
              name: 'charts',
              test: /[\\/]node_modules[\\/](recharts|@mantine[\\/]charts|@mantine[\\/]core[\\/]esm[\\/]components[\\/]ColorSwatch)[\\/]/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'charts-libs',
              test: /[\\/]node_modules[\\/](victory-vendor|d3-[a-z-]+|internmap|@reduxjs|immer|reselect|react-redux|redux|redux-thunk|@standard-schema|decimal\.js-light|es-toolkit|eventemitter3|tiny-invariant|use-sync-external-store|react-is)[\\/]/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3100' },
  },
});
