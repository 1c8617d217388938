import { defineConfig } from 'vitest/config';

/**
 * One Vitest run, three projects: the shared contract and the web app's pure parts (fast unit tests), and the
 * server's API suites, which run once per database dialect (see apps/server/test/helpers/dialects.ts).
 */
export default defineConfig({
  test: {
    // Suites share one PostgreSQL server (a database each) and spawn child servers: two files at a time suit 2 cores.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['test/**/*.test.ts'],
          environment: 'node',
        },
      },
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
