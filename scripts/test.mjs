#!/usr/bin/env node
// `npm test`: typecheck, then every Vitest project (contract, web, and the server's API suites on SQLite and,
// when TEST_DATABASE_URL is set, PostgreSQL), then the Playwright suite in Chromium. Stops at the first failing
// step and ends with one plain "N passed, N failed" line over everything that ran.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
fs.mkdirSync(results, { recursive: true });

if (process.env.CI && !process.env.TEST_DATABASE_URL) {
  console.error(
    'CI is set but TEST_DATABASE_URL is not: the PostgreSQL suites would not run. Refusing to pass.',
  );
  process.exit(1);
}
const dialects = process.env.TEST_DATABASE_URL
  ? 'sqlite, postgres'
  : 'sqlite only (set TEST_DATABASE_URL to add postgres)';
console.log(`\n== API suites will run on: ${dialects}\n`);

const totals = { passed: 0, failed: 0 };
function run(title, command, args, env = {}) {
  console.log(`\n== ${title}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}
function finish(code) {
  console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
  process.exit(code);
}

if (run('Typecheck', 'npm', ['run', 'typecheck']) !== 0) finish(1);

const vitestJson = path.join(results, 'vitest.json');
const unitStatus = run('Unit and API tests (Vitest)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
if (fs.existsSync(vitestJson)) {
  const report = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
}
if (unitStatus !== 0) finish(unitStatus);

/** One Playwright run in Chromium; its counts join the totals. Answers its exit status. */
function runBrowserSuite(title, config, name, env = {}) {
  const json = path.join(results, `${name}.json`);
  fs.rmSync(json, { force: true });
  const status = run(title, 'npx', ['playwright', 'test', '-c', config, '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_FILE: json,
    ...env,
  });
  if (fs.existsSync(json)) {
    const { stats } = JSON.parse(fs.readFileSync(json, 'utf8'));
    totals.passed += stats.expected + (stats.flaky ?? 0);
    totals.failed += stats.unexpected;
  }
  return status;
}

const e2eStatus = runBrowserSuite('Browser tests (Playwright, Chromium)', 'e2e/playwright.config.ts', 'e2e');
if (e2eStatus !== 0) finish(e2eStatus);
// Single sign-on against a test provider on loopback, on an instance that only links identities to accounts,
// then on one that creates accounts on first sign-in (the setting is read at start-up).
for (const autoRegister of ['false', 'true']) {
  const status = runBrowserSuite(
    `Single sign-on browser tests (auto-register ${autoRegister === 'true' ? 'on' : 'off'})`,
    'e2e/playwright.oidc.config.ts',
    `e2e-oidc-${autoRegister}`,
    { CLOUDSTASH_E2E_OIDC_AUTO_REGISTER: autoRegister },
  );
  if (status !== 0) finish(status);
}
// Large files need a raised upload limit, so they run against an instance of their own.
finish(
  runBrowserSuite(
    'Browser tests, large files (Playwright, Chromium)',
    'e2e/playwright.large.config.ts',
    'e2e-large',
  ),
);
