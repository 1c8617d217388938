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

const e2eJson = path.join(results, 'e2e.json');
const e2eStatus = run(
  'Browser tests (Playwright, Chromium)',
  'npx',
  ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
  {
    PLAYWRIGHT_JSON_OUTPUT_FILE: e2eJson,
  },
);
if (fs.existsSync(e2eJson)) {
  const { stats } = JSON.parse(fs.readFileSync(e2eJson, 'utf8'));
  totals.passed += stats.expected + (stats.flaky ?? 0);
  totals.failed += stats.unexpected;
}
finish(e2eStatus);
