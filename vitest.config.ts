import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

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

const SLOW_PROJECT = 'server-slow';

/**
 * The slow suites start first. They are the longest files and spend most of their time waiting (on child
 * processes, timeouts and timing samples), so the API suites fill the workers around them and the run does not
 * end on one long file while the other workers idle. Within a project, Vitest's own order stands.
 */
class SlowSuitesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const slow = (file: TestSpecification) => file.project.name === SLOW_PROJECT;
    return [...sorted.filter(slow), ...sorted.filter((file) => !slow(file))];
  }
}

/**
 * One Vitest run, four projects: the shared contract and the web app's pure parts (fast unit tests), the
 * server's API suites, which run once per database dialect (see apps/server/test/helpers/dialects.ts), and the
 * server's slow suites (crashes, clusters, timing samples).
 */
export default defineConfig({
  test: {
    // Suites share one PostgreSQL server (a database each) and much of their time is spent waiting on it, on
    // child servers and on timeouts: three files at a time keep 2 cores busy where two left about 15 % idle.
    maxWorkers: 3,
    sequence: { sequencer: SlowSuitesFirst },
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
          name: SLOW_PROJECT,
          root: 'apps/server',
          include: SLOW_SUITES,
          environment: 'node',
          // As in the API project: each suite starts its own apps and child processes.
          isolate: false,
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
