import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config';
import { ensurePrivateDir, PRIVATE_FILE_MODE, tightenFile } from './private-files';

/**
 * The key that signs download links: APP_SECRET when given (required when several processes share the work),
 * otherwise generated once and kept in DATA_DIR so links survive a restart.
 */
export function loadAppSecret({ dataDir, appSecret }: Pick<Config, 'dataDir' | 'appSecret'>): Buffer {
  if (appSecret) return Buffer.from(appSecret, 'utf8');
  const file = path.join(dataDir, 'app-secret');
  try {
    const existing = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    tightenFile(file);
    return existing;
  } catch {
    ensurePrivateDir(dataDir);
    const secret = crypto.randomBytes(32);
    try {
      fs.writeFileSync(file, secret.toString('base64'), { mode: PRIVATE_FILE_MODE, flag: 'wx' });
      tightenFile(file);
      return secret;
    } catch {
      // Another process wrote it first: use theirs.
      return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    }
  }
}
