import path from 'node:path';

export const BENCH_DIR = path.resolve(import.meta.dirname, '../..');
export const REPO_DIR = path.resolve(BENCH_DIR, '..');
/** The server under test; BENCH_SERVER_SRC points at another checkout's apps/server/src (before/after runs). */
export const SERVER_SRC = path.resolve(
  process.env.BENCH_SERVER_SRC ?? path.join(REPO_DIR, 'apps/server/src'),
);
export const SERVER_MAIN = path.join(SERVER_SRC, 'main.ts');
export const WEB_DIR = path.join(REPO_DIR, 'apps/web');
