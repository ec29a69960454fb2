/**
 * React on Preact (issue 15): the names under which our libraries (Mantine, React Router, TanStack
 * Query, mantine-datatable, react-leaflet) import React, mapped to Preact's compat layer. Used by the
 * build (vite.config.ts) and by the web tests (vitest.config.ts), so both run the same runtime.
 */
import { fileURLToPath } from 'node:url';

const shim = fileURLToPath(new URL('./src/compat/react.ts', import.meta.url));

/** Vite `resolve.alias` entries, exact module names only (`react-router` stays itself). */
export const reactAlias = [
  { find: /^react$/, replacement: shim },
  { find: /^react-dom$/, replacement: shim },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];
