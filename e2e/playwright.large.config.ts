import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * Large files: the same instance as the main suite, with a 200 MB upload limit, 8 MB resumable pieces and a
 * 1 GB default quota. Its specs end in `.large.ts`, so the main run (5 MB default) never picks them up.
 */
export default defineConfig({
  ...base,
  testMatch: /.*\.(large|setup|teardown)\.ts$/,
  projects: [
    { name: 'setup', testMatch: /global\.setup\.ts$/, teardown: 'teardown' },
    { name: 'teardown', testMatch: /global\.teardown\.ts$/ },
    {
      name: 'large-chromium',
      testMatch: /.*\.large\.ts$/,
      dependencies: ['setup'],
      use: { viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    ...base.webServer!,
    env: {
      ...(base.webServer as { env: Record<string, string> }).env,
      MAX_UPLOAD_BYTES: String(200 * 1024 * 1024),
      RESUMABLE_CHUNK_BYTES: String(8 * 1024 * 1024),
      DEFAULT_QUOTA_BYTES: String(1024 * 1024 * 1024),
      SEARCH_COUNT_LIMIT: '20',
    },
  },
});
