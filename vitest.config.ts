import { defineConfig } from 'vitest/config';

const SLOW_SUITES = [
  'test/crash/**/*.test.ts',
  'test/scale/**/*.test.ts',
  'test/security/dedup-leak.test.ts',
  // Servers' timeouts for clients that send slowly, and thumbnail jobs run until their CPU limit stops them.
  'test/security/slow-clients.test.ts',
  'test/api/thumbnail-fairness.test.ts',
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
          globalSetup: ['test/global-setup.ts'],
          // Each file builds its own apps and databases, so files need no fresh module graph of their own:
          // loading the server's modules once per worker instead of once per file took a third off the run.
          isolate: false,
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
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
