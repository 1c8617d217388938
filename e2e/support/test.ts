import { readFileSync } from 'node:fs';
import { test as base } from '@playwright/test';
import { createUser, type Account } from './api';
import { ADMIN_CREDENTIALS_FILE } from './env';

interface Fixtures {
  /** A fresh standard user, registered through the API; the test's `page` is signed in as them. */
  user: Account;
  /** The instance's admin (first account, made by global.setup.ts). Not signed in by this fixture. */
  adminAccount: Account;
}

export const test = base.extend<Fixtures>({
  user: async ({ page }, use) => {
    await use(await createUser(page.request, 'User'));
  },
  // eslint-disable-next-line no-empty-pattern
  adminAccount: async ({}, use) => {
    await use(JSON.parse(readFileSync(ADMIN_CREDENTIALS_FILE, 'utf8')) as Account);
  },
});

export { expect } from '@playwright/test';
