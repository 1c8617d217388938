#!/usr/bin/env node
// Runs after `vite build` (`npm run build`, and so `npm start`): writes a brotli (`.br`) and a gzip (`.gz`) copy
// beside every text file of the build, so that the server, and nginx's `gzip_static`, send the app compressed
// without compressing it again on every request. Brotli at its highest quality is too slow to run per request,
// and an eighth smaller than gzip -9 on the landing page's scripts (108 KB against 124 KB).
// Usage: node build/precompress.mjs [dist folder].
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** Text and other compressible files; images and fonts of the build are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|wasm|map)$/;
/** Below this a compressed copy saves less than a packet, and costs the server a lookup. */
const MIN_BYTES = 1024;

function* filesUnder(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else if (entry.isFile()) yield file;
  }
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** One file's copies; answers its bytes before and after (brotli, else gzip, else the original). */
async function compressFile(file) {
  const bytes = await fs.promises.readFile(file);
  if (bytes.length < MIN_BYTES) return { original: 0, smallest: 0 };
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy no smaller than the file is left out: the server then falls back to the next encoding.
  if (br.length < bytes.length) await fs.promises.writeFile(`${file}.br`, br);
  if (gz.length < bytes.length) await fs.promises.writeFile(`${file}.gz`, gz);
  return { original: bytes.length, smallest: Math.min(br.length, gz.length, bytes.length) };
}

/**
 * Compresses the compressible files of `dir`, on zlib's worker threads (every core: brotli's best quality is
 * the slow part of a build); answers the bytes before and after.
 */
export async function precompress(dir) {
  const files = [...filesUnder(dir)].filter((file) => COMPRESSIBLE.test(file));
  const sizes = await Promise.all(files.map(compressFile));
  return {
    original: sizes.reduce((sum, size) => sum + size.original, 0),
    smallest: sizes.reduce((sum, size) => sum + size.smallest, 0),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const dir = path.resolve(process.argv[2] ?? 'dist');
  const { original, smallest } = await precompress(dir);
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  console.log(
    `precompressed ${path.relative(process.cwd(), dir) || '.'}: ${kb(original)} -> ${kb(smallest)}`,
  );
}
