import { defineConfig } from 'vitest/config';

const SLOW_SUITES = [
  'test/crash/**/*.test.ts',
  'test/scale/**/*.test.ts',
  'test/security/dedup-leak.test.ts',
  // Real WebDAV clients (litmus, rclone, cadaver, davfs2) against child servers.
  'test/dav/**/*.test.ts',
];

/**
 * One Vitest run, four projects: the shared contract and the web app's pure parts (fast unit tests), the
 * server's API suites, which run once per database dialect (see apps/server/test/helpers/dialects.ts), and the
 * server's slow suites (crashes, clusters, timing samples).
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
          exclude: SLOW_SUITES,
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Suites that kill processes, start clusters or take timing samples: `npm test` and CI run them, the
        // fast tier (`npm run test:fast`) leaves them out.
        test: {
          name: 'server-slow',
          root: 'apps/server',
          include: SLOW_SUITES,
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
