import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { reactAlias } from './react-alias';

/**
 * The server's rendering of a guest's tracking page (src/prerender/track-page.tsx), built after the
 * app (`vite build --ssr`) into dist/.prerender (a dot folder: never served): one file with every
 * module it needs, the app's own included, for the server to run in a worker (apps/server
 * web/first-view). The same React (Preact) and CSS module names as the app's build.
 */
export default defineConfig({
  plugins: [react()],
  resolve: { alias: reactAlias },
  ssr: { noExternal: true, target: 'node' },
  publicDir: false,
  build: {
    ssr: fileURLToPath(new URL('./src/prerender/track-page.tsx', import.meta.url)),
    outDir: 'dist/.prerender',
    emptyOutDir: true,
    sourcemap: false,
    minify: false,
    rolldownOptions: { output: { entryFileNames: 'track-page.js' } },
  },
});
