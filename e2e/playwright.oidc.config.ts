import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * Single sign-on in the browser, against a test OpenID Connect provider on loopback: the main suite's
 * settings, one spec, and a web server that starts the provider before CloudStash (support/oidc-stack.ts).
 * CLOUDSTASH_E2E_OIDC_AUTO_REGISTER picks the instance: `true` creates accounts on first sign-in and runs
 * oidc-auto-register.spec.ts; otherwise only links, and runs oidc-link-only.spec.ts (`npm test` runs both).
 */
const autoRegister = process.env.CLOUDSTASH_E2E_OIDC_AUTO_REGISTER === 'true';
const spec = autoRegister ? /oidc-auto-register\.spec\.ts$/ : /oidc-link-only\.spec\.ts$/;

export default defineConfig({
  ...base,
  projects: base.projects!.map((project) =>
    project.name === 'desktop-chromium' ? { ...project, testMatch: spec, testIgnore: [] } : project,
  ),
  webServer: {
    ...(base.webServer as Exclude<typeof base.webServer, unknown[] | undefined>),
    command: 'npx tsx e2e/support/oidc-stack.ts',
  },
});
