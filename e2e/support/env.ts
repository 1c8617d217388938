import { join } from 'node:path';

/** Set by playwright.config.ts in the runner and inherited by every worker. */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the suite through e2e/playwright.config.ts`);
  return value;
}

export const RUN_DIR = required('CLOUDSTASH_E2E_RUN_DIR');
export const BASE_URL = required('CLOUDSTASH_E2E_BASE_URL');
export const API = `${BASE_URL}/api/v1`;
/** Where the instance sends its mail (forgot-password.spec.ts listens there). */
export const SMTP_PORT = Number(required('CLOUDSTASH_E2E_SMTP_PORT'));

/** The instance's first account (the admin), written by global.setup.ts. */
export const ADMIN_CREDENTIALS_FILE = join(RUN_DIR, 'admin.json');
export const ADMIN_STORAGE_STATE = join(RUN_DIR, 'admin-state.json');
