import { defineConfig } from 'vitest/config';
import { reactAlias } from './apps/web/react-alias';

export default defineConfig({
  test: {
    globalSetup: ['vitest.global-setup.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/**/*.unit.test.ts',
            'apps/server/src/**/*.unit.test.ts',
            // The web size budget builds the app (about 10 s).
            'apps/web/budget/**/*.unit.test.ts',
            'bench/**/*.unit.test.ts',
          ],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          exclude: ['**/*.unit.test.ts', '**/node_modules/**'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: true,
        },
      },
      {
        // The web tests run on Preact, as the build does (apps/web/react-alias.ts), and take each
        // library's ES module build as the bundler does: a CommonJS one would `require` React itself.
        resolve: { alias: reactAlias, mainFields: ['browser', 'module', 'jsnext:main', 'jsnext', 'main'] },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Libraries go through Vite, not straight to Node, so that their imports of react reach the
          // alias too; all but Preact itself, which stays one instance even when a test resets the
          // modules (vi.resetModules) and imports a hook afresh.
          server: { deps: { inline: [/node_modules[\\/](?!preact[\\/])/] } },
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          // On a failure, what each open page showed goes to the log (CI keeps only the log).
          setupFiles: ['e2e/failure-report.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
