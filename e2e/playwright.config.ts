import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from '@cloudstash/test-support/chromium';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..');

// The browser is Debian's Chromium, never a downloaded one. Missing it is an error, not a skip.
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromiumPath)) {
  throw new Error(`Chromium not found at ${chromiumPath}: apt-get install chromium (or set CHROMIUM_PATH)`);
}

// This file is evaluated by the runner and again by every worker. The runner creates the run's
// temporary directory (fresh DATA_DIR, shared credentials, the 6 MB file) and hands it to the workers
// through the environment, which they inherit.
if (!process.env.CLOUDSTASH_E2E_RUN_DIR) {
  process.env.CLOUDSTASH_E2E_RUN_DIR = mkdtempSync(join(tmpdir(), 'cloudstash-e2e-'));
}
const runDir = process.env.CLOUDSTASH_E2E_RUN_DIR;
const dataDir = join(runDir, 'data');
mkdirSync(dataDir, { recursive: true });
// A free port, picked once by the runner (the workers inherit it), so that two runs on one machine never meet.
if (!process.env.CLOUDSTASH_E2E_PORT) process.env.CLOUDSTASH_E2E_PORT = freeLoopbackPort();
const port = Number(process.env.CLOUDSTASH_E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
// The instance sends mail to an SMTP server on this port, which forgot-password.spec.ts listens on while it runs
// (nothing connects before a mail is sent).
if (!process.env.CLOUDSTASH_E2E_SMTP_PORT) process.env.CLOUDSTASH_E2E_SMTP_PORT = freeLoopbackPort();
const smtpPort = Number(process.env.CLOUDSTASH_E2E_SMTP_PORT);
process.env.CLOUDSTASH_E2E_BASE_URL = baseURL;

// The suite always runs against a fresh embedded SQLite instance, whatever the caller's shell holds:
// the first account it registers must be the first account of the instance (it becomes the admin).
delete process.env.DATABASE_URL;
// Dates on screen are compared with dates formatted by the test process: both use UTC.
process.env.TZ = 'UTC';

/** A port the system hands out on loopback (asked of a child process: a config file cannot wait for it). */
function freeLoopbackPort(): string {
  const listen = `const s = require('node:net').createServer().listen(0, '127.0.0.1', () => {
    process.stdout.write(String(s.address().port)); s.close(); })`;
  return execFileSync(process.execPath, ['-e', listen], { encoding: 'utf8' });
}

const INSTANCE_WIDE = /(instance-settings|any-file-type|versions)\.spec\.ts$/;
// An invite is used up only while registration is by invite, and instance-settings.spec.ts changes that setting
// too: the invites spec runs after the instance-wide project, alone, so neither changes it under the other.
const INVITES = /invites\.spec\.ts$/;
// The trash spec registers its own users and turns the trash on: it runs after the instance-wide specs and the
// invites spec, which close registration or make it by invite for a while.
const AFTER_INSTANCE_WIDE = /trash\.spec\.ts$/;
// The keyboard walks of screens that need an instance-wide setting (Trash on, versions kept, registration) run
// last, alone, so they never meet the specs above changing those settings under them.
const KEYBOARD_INSTANCE_WIDE = /keyboard-instance-wide\.spec\.ts$/;

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.(spec|setup|teardown)\.ts$/,
  // Overridable so that two runs on one checkout (with CLOUDSTASH_E2E_PORT) do not wipe each other's results.
  outputDir: process.env.CLOUDSTASH_E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  // A limit for hangs, not for speed: a CI machine has run this suite three to four times slower than a
  // developer's (a flow that takes 18 s here took 53 s there), and every test must still pass there.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    // At the repository root, where lint and git already ignore it (it holds the trace viewer's scripts).
    ['html', { open: 'never', outputFolder: '../playwright-report' }],
  ],
  use: {
    baseURL,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'UTC',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    // Registers the instance's first account (the admin) before anything else registers.
    { name: 'setup', testMatch: /global\.setup\.ts$/, teardown: 'teardown' },
    { name: 'teardown', testMatch: /global\.teardown\.ts$/ },
    {
      name: 'desktop-chromium',
      testMatch: /.*\.spec\.ts$/,
      // Single sign-on needs a provider and its own instance: playwright.oidc.config.ts runs those.
      testIgnore: [INSTANCE_WIDE, INVITES, AFTER_INSTANCE_WIDE, KEYBOARD_INSTANCE_WIDE, /oidc-.*\.spec\.ts$/],
      dependencies: ['setup'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, channel: undefined },
    },
    // Specs that change a setting of the whole instance (who may register, which files may be uploaded) run
    // alone, after all the others, so no other test meets the changed setting.
    {
      name: 'instance-wide',
      testMatch: INSTANCE_WIDE,
      dependencies: ['desktop-chromium'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, channel: undefined },
    },
    {
      name: 'invites',
      testMatch: INVITES,
      dependencies: ['instance-wide'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, channel: undefined },
    },
    {
      name: 'after-instance-wide',
      testMatch: AFTER_INSTANCE_WIDE,
      dependencies: ['invites'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, channel: undefined },
    },
    {
      name: 'keyboard-instance-wide',
      testMatch: KEYBOARD_INSTANCE_WIDE,
      dependencies: ['after-instance-wide'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, channel: undefined },
    },
  ],
  webServer: {
    // Started the way a user starts it: `npm start` at the repository root (builds the app if needed).
    command: 'npm start',
    cwd: repoRoot,
    url: `${baseURL}/api/v1/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: baseURL,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'CloudStash <files@cloudstash.test>',
      // One IP registers and signs in many accounts during a run.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      REGISTER_RATE_LIMIT_PER_HOUR: '1000',
      LOG_LEVEL: 'warn',
    },
  },
});
