import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

/** The programs child-process suites run, each bundled to `<name>.mjs`. */
export const BUNDLED_ENTRIES = {
  /** The server as `npm start` runs it. */
  server: 'src/main.ts',
  /** The server plus the crash suites' kill points. */
  'crash-server': 'test/crash/crash-server.ts',
  /** `npm run cli`. */
  cli: 'src/cli/main.ts',
} as const;

export type BundledEntry = keyof typeof BUNDLED_ENTRIES;

/**
 * Bundles the server, the crash server and the CLI once per test run, for the suites that start them as child
 * processes. Started through tsx, each child compiled some two hundred modules on the fly: two seconds on a
 * quiet machine and several on a loaded one, hundreds of times a run. The bundle is the same sources compiled
 * by the same compiler (tsx uses esbuild too), with packages from node_modules left as imports.
 *
 * It lives under node_modules so those imports resolve as they do for the sources, in a folder of its own
 * per run so two runs never share one. Worker scripts the server starts from beside its own module are
 * copied next to the bundle, where `new URL('./x.mjs', import.meta.url)` then finds them.
 */
export async function bundleTestPrograms(): Promise<{ dir: string; remove: () => void }> {
  const dir = path.join(SERVER_DIR, 'node_modules/.cache/cloudstash-test-programs', crypto.randomUUID());
  await build({
    entryPoints: Object.fromEntries(
      Object.entries(BUNDLED_ENTRIES).map(([name, file]) => [name, path.join(SERVER_DIR, file)]),
    ),
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'inline',
    logLevel: 'warning',
    plugins: [
      {
        // Workspace packages are TypeScript sources: bundled. Everything else from node_modules stays an import.
        name: 'packages-stay-imports',
        setup(bundler) {
          bundler.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@cloudstash/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  const sources = path.join(SERVER_DIR, 'src');
  const workers = fs
    .readdirSync(sources, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.mjs'));
  for (const worker of workers) {
    fs.copyFileSync(path.join(sources, worker), path.join(dir, path.basename(worker)));
  }
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
