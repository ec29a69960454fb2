import { defineConfig } from 'vitest/config';

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
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
