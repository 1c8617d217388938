import { readFileSync } from 'node:fs';
import { test as base } from '@playwright/test';
import { createUser, type Account } from './api';
import { ADMIN_CREDENTIALS_FILE } from './env';

interface Fixtures {
  /** A fresh standard user, registered through the API; the test's `page` is signed in as them. */
  user: Account;
  /** The instance's admin (first account, made by global.setup.ts). Not signed in by this fixture. */
  adminAccount: Account;
  /** Always on: what the browser complained about, attached to the report when a test fails. */
  browserLog: void;
}

export const test = base.extend<Fixtures>({
  user: async ({ page }, use) => {
    await use(await createUser(page.request, 'User'));
  },
  // eslint-disable-next-line no-empty-pattern
  adminAccount: async ({}, use) => {
    await use(JSON.parse(readFileSync(ADMIN_CREDENTIALS_FILE, 'utf8')) as Account);
  },
  browserLog: [
    async ({ page }, use, testInfo) => {
      const lines: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') {
          lines.push(`[${message.type()}] ${message.text()} (${message.location().url})`);
        }
      });
      page.on('pageerror', (error) => lines.push(`[pageerror] ${error.message}`));
      page.on('requestfailed', (request) =>
        lines.push(`[requestfailed] ${request.method()} ${request.url()}: ${request.failure()?.errorText}`),
      );
      await use();
      if (testInfo.status !== testInfo.expectedStatus && lines.length) {
        await testInfo.attach('browser-log', { body: lines.join('\n'), contentType: 'text/plain' });
      }
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
