// The browser suite's single sign-on stack: a test OpenID Connect provider on a free loopback port (in this
// process), then CloudStash through `npm start`, told to use it. Signals pass through to the server, and the
// provider goes when the server does. Started by e2e/playwright.oidc.config.ts as its web server.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { startTestIdp } from '../../apps/server/test/helpers/oidc-idp';

const baseUrl = process.env.CLOUDSTASH_E2E_BASE_URL;
if (!baseUrl)
  throw new Error('CLOUDSTASH_E2E_BASE_URL is not set: run through e2e/playwright.oidc.config.ts');
const autoRegister = process.env.CLOUDSTASH_E2E_OIDC_AUTO_REGISTER === 'true';

const idp = await startTestIdp();
idp.register([`${baseUrl}/api/v1/auth/oidc/callback`]);
const server = spawn('npm', ['start'], {
  cwd: resolve(import.meta.dirname, '../..'),
  stdio: 'inherit',
  env: { ...process.env, ...idp.env(autoRegister) },
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  void idp.close().then(() => process.exit(code ?? 1));
});
