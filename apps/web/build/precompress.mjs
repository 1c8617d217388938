#!/usr/bin/env node
// Runs after `vite build` (`npm run build`, and so `npm start`): writes a brotli (`.br`) and a gzip (`.gz`) copy
// beside every text file of the build, so that the server, and nginx's `gzip_static`, send the app compressed
// without compressing it again on every request. Brotli at its highest quality is too slow to run per request,
// and is a third smaller than gzip on the app's scripts. Usage: node build/precompress.mjs [dist folder].
import fs from 'node:fs';
import path from 'node:path';
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

/** Compresses the files of `dir`; answers the bytes before and after (brotli, else gzip, else the original). */
export function precompress(dir) {
  let original = 0;
  let smallest = 0;
  for (const file of [...filesUnder(dir)]) {
    if (!COMPRESSIBLE.test(file)) continue;
    const bytes = fs.readFileSync(file);
    if (bytes.length < MIN_BYTES) continue;
    const brotli = zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    const gzip = zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION });
    // A copy no smaller than the file is left out: the server then falls back to the next encoding.
    if (brotli.length < bytes.length) fs.writeFileSync(`${file}.br`, brotli);
    if (gzip.length < bytes.length) fs.writeFileSync(`${file}.gz`, gzip);
    original += bytes.length;
    smallest += Math.min(brotli.length, gzip.length, bytes.length);
  }
  return { original, smallest };
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const dir = path.resolve(process.argv[2] ?? 'dist');
  const { original, smallest } = precompress(dir);
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  console.log(
    `precompressed ${path.relative(process.cwd(), dir) || '.'}: ${kb(original)} -> ${kb(smallest)}`,
  );
}
