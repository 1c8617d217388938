import { rmSync } from 'node:fs';
import { test as teardown } from '@playwright/test';
import { RUN_DIR } from './support/env';

// Runs after every spec: the run's temporary directory (data, credentials, the 6 MB file) goes away
// unless CLOUDSTASH_E2E_KEEP is set to look at it.
teardown('remove the run directory', async () => {
  if (process.env.CLOUDSTASH_E2E_KEEP) {
    console.log(`kept ${RUN_DIR}`);
    return;
  }
  rmSync(RUN_DIR, { recursive: true, force: true });
});
