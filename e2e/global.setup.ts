import { writeFileSync } from 'node:fs';
import { expect, test as setup } from '@playwright/test';
import { newCredentials, register, signIn } from './support/api';
import { ADMIN_CREDENTIALS_FILE, ADMIN_STORAGE_STATE } from './support/env';

// Runs once, before every spec (project dependency), against the fresh instance the config started.
setup('the first account registered on an empty instance becomes the admin', async ({ request }) => {
  const credentials = newCredentials('Admin');
  await register(request, credentials);
  const admin = await signIn(request, credentials);
  expect(admin.role, 'role of the first account').toBe('admin');

  writeFileSync(ADMIN_CREDENTIALS_FILE, JSON.stringify(admin, null, 2));
  await request.storageState({ path: ADMIN_STORAGE_STATE });
});
