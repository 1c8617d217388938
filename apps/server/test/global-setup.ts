import type { TestProject } from 'vitest/node';
import { bundleTestPrograms } from './helpers/server-bundle';

declare module 'vitest' {
  interface ProvidedContext {
    /** Where this run's bundled server, crash server and CLI are (see helpers/server-bundle.ts). */
    testProgramsDir: string;
  }
}

/** Once per run, before any worker starts: bundle the programs child-process suites start. */
export default async function setup(project: TestProject): Promise<() => void> {
  const { dir, remove } = await bundleTestPrograms();
  project.provide('testProgramsDir', dir);
  return remove;
}
