import path from 'node:path';
import { formatSize } from '@cloudstash/contract';
import type { Config } from './config';

/** A bound address as a person would type it: every-interface hosts become localhost, IPv6 gets brackets. */
function boundOrigin(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}

/** A path relative to the working folder when it lies inside it (./data/blobs), absolute otherwise. */
function shortPath(target: string, cwd: string): string {
  const relative = path.relative(cwd, target);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? `./${relative}` : target;
}

/** A database URL without what must never be printed: user name, password and query (which may hold one). */
function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

/**
 * The one human line printed once the server listens (the request log is JSON for machines): where to open it,
 * where it keeps its data, the upload limit, and on an instance without accounts, who becomes administrator.
 * It never names a secret.
 */
export function readyLine(
  config: Pick<Config, 'publicOrigin' | 'database' | 'blobStore' | 'maxUploadBytes'>,
  listening: { host: string; port: number },
  opts: { newInstance: boolean; cwd?: string },
): string {
  const cwd = opts.cwd ?? process.cwd();
  const address = config.publicOrigin ?? boundOrigin(listening.host, listening.port);
  const database =
    config.database.kind === 'sqlite'
      ? `SQLite (${shortPath(config.database.file, cwd)})`
      : `PostgreSQL (${withoutCredentials(config.database.url)})`;
  const blobs =
    config.blobStore.kind === 'fs'
      ? shortPath(config.blobStore.root, cwd)
      : `S3 bucket ${config.blobStore.bucket}${config.blobStore.endpoint ? ` at ${withoutCredentials(config.blobStore.endpoint)}` : ''}`;
  const parts = [
    `CloudStash is ready at ${address}`,
    `database: ${database}`,
    `blobs: ${blobs}`,
    `uploads up to ${formatSize(config.maxUploadBytes)}`,
  ];
  if (opts.newInstance) parts.push('new instance: the first account to register becomes administrator');
  return parts.join(' · ');
}
