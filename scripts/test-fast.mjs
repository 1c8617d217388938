#!/usr/bin/env node
// `npm run test:fast`: the loop to run while working. The contract, the web app's unit tests and the server's
// API suites on SQLite only, without the slow project (crashes, clusters, timing samples), the typecheck or
// the browser. `npm test` still runs everything.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const env = { ...process.env };
delete env.TEST_DATABASE_URL;
const args = ['vitest', 'run', '--project', 'contract', '--project', 'web', '--project', 'server'];
const result = spawnSync('npx', [...args, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', env });
process.exit(result.status ?? 1);
