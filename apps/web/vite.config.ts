import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Builds the SPA to apps/web/dist (served by the Fastify server); the dev server proxies /api to it. */
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The password-strength dictionaries (zxcvbn) are one lazy ~1.7 MB chunk, fetched only by the
    // password screens; every route chunk stays well under the default 500 kB.
    chunkSizeWarningLimit: 1800,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3100' },
  },
});
