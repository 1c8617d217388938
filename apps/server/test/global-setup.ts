import crypto from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { dropRunDatabases } from './helpers/dialects';
import { bundleTestPrograms } from './helpers/server-bundle';

declare module 'vitest' {
  interface ProvidedContext {
    /** Where this run's bundled server, crash server and CLI are (see helpers/server-bundle.ts). */
    testProgramsDir: string;
    /** Part of the name of every PostgreSQL database this run makes (see helpers/dialects.ts). */
    testRunId: string;
  }
}

/**
 * Once per project and run, before any worker starts: bundle the programs child-process suites start, and name
 * the run. At the end: remove the bundle, and drop the run's databases that are still there.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runId = crypto.randomBytes(4).toString('hex');
  const { dir, remove } = await bundleTestPrograms();
  project.provide('testProgramsDir', dir);
  project.provide('testRunId', runId);
  return async () => {
    remove();
    await dropRunDatabases(runId);
  };
}
