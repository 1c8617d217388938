#!/usr/bin/env node
// `npm start`: builds the web app when its sources are newer than the last build, then runs the server in
// this terminal, passing signals through so Ctrl-C and SIGTERM shut it down cleanly.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// The oldest Node the README promises (and package.json's engines allow); older ones fail later in obscure ways.
const MINIMUM_NODE = [20, 19];
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < MINIMUM_NODE[0] || (major === MINIMUM_NODE[0] && minor < MINIMUM_NODE[1])) {
  console.error(
    `CloudStash needs Node.js ${MINIMUM_NODE.join('.')} or newer; this is Node.js ${process.versions.node}. ` +
      'Install a newer Node.js (https://nodejs.org) and run npm start again.',
  );
  process.exit(1);
}

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'apps/web/dist/index.html');
// The build's own steps count too (build/ holds the step that writes the compressed copies after vite's).
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'apps/web/package.json',
  'packages/contract/src',
];

function newestChange(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(target).map((name) => newestChange(path.join(target, name))));
}

const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
if (Math.max(...sources.map((s) => newestChange(path.join(root, s)))) > builtAt) {
  console.log('Building the web app...');
  const build = spawnSync('npm', ['run', 'build', '-w', '@cloudstash/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  // Every upload fsyncs, and fsync occupies a libuv thread; four threads let a few slow fsyncs stall all other
  // file work. The pool size is read once at start-up, so it must come from the environment.
  env: { UV_THREADPOOL_SIZE: '16', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
