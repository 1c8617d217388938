import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}
interface AssetLike {
  type: 'asset';
  fileName: string;
  source: string | Uint8Array;
}
type BundleLike = Record<string, ChunkLike | AssetLike>;

const gzipKb = (source: string | Uint8Array) => gzipSync(source, { level: 9 }).length / 1024;

/**
 * What the landing page costs a first-time visitor: the entry chunk, every chunk it imports statically
 * (the browser fetches those before running anything), and their CSS. Lazy route chunks are not counted:
 * the landing page never asks for them. Printed after every build so a size regression is seen at once.
 */
export function landingSizeReport(bundle: BundleLike) {
  const seen = new Set<string>();
  const css = new Set<string>();
  let js = 0;
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    const chunk = bundle[fileName];
    if (!chunk || chunk.type !== 'chunk') return;
    js += gzipKb(chunk.code);
    chunk.viteMetadata?.importedCss.forEach((file) => css.add(file));
    chunk.imports.forEach(visit);
  };
  Object.values(bundle)
    .filter((item): item is ChunkLike => item.type === 'chunk' && item.isEntry)
    .forEach((entry) => visit(entry.fileName));
  let cssKb = 0;
  css.forEach((file) => {
    const asset = bundle[file];
    if (asset?.type === 'asset') cssKb += gzipKb(asset.source);
  });
  return { jsKb: js, cssKb, chunks: [...seen] };
}

export function landingSizePlugin(): Plugin {
  return {
    name: 'cloudstash:landing-size',
    apply: 'build',
    generateBundle(_options, bundle) {
      const { jsKb, cssKb, chunks } = landingSizeReport(bundle as unknown as BundleLike);
      this.info?.(`landing page chunks: ${chunks.join(', ')}`);
      console.log(`\nLanding page JavaScript: ${jsKb.toFixed(1)} KB gzip (${chunks.length} chunks)`);
      console.log(`Landing page CSS: ${cssKb.toFixed(1)} KB gzip`);
      console.log(`Landing page total: ${(jsKb + cssKb).toFixed(1)} KB gzip\n`);
    },
  };
}
