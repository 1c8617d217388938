import { createBlobStore } from '../../src/blobs/create-blob-store';
import { loadConfig } from '../../src/config';
import { connectDatabase } from '../../src/db/connect';
import { serve } from '../../src/serve';
import { CRASH_STEPS, TRASH_CRASH_STEPS, crashOverrides, type CrashStep } from './crash-points';

/**
 * The server the crash suites spawn instead of src/main.ts: the same process (serve), plus, when
 * CLOUDSTASH_TEST_CRASH_AT names a step, a SIGKILL at that step of the CLOUDSTASH_TEST_CRASH_AFTER-th upload
 * to reach it (crash-points.ts). Without the variable it is exactly the production server.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const step = process.env.CLOUDSTASH_TEST_CRASH_AT;
  if (!step) return serve(config);
  if (![...CRASH_STEPS, ...TRASH_CRASH_STEPS].includes(step as CrashStep))
    throw new Error(`Unknown crash step ${step}`);
  const after = Number(process.env.CLOUDSTASH_TEST_CRASH_AFTER ?? 1) || 1;
  const overrides = crashOverrides(
    step as CrashStep,
    after,
    connectDatabase(config),
    await createBlobStore(config),
  );
  await serve(config, overrides);
}

main().catch((error: unknown) => {
  console.error(`crash server could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
