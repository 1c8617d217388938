import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import type { BlobStore } from '../blobs/blob-store';
import type { BlobDigest } from '../blobs/checksum';
import { createBlobStore } from '../blobs/create-blob-store';
import { FsBlobStore } from '../blobs/fs-blob-store';
import { loadConfig } from '../config';
import { connectDatabase } from '../db/connect';
import { inTransaction } from '../db/executor';
import { migrateToLatest } from '../db/migrate';
import {
  copyTableRows,
  insertBlobRows,
  isEmptyForMigration,
  referencedBlobs,
  thumbnailRows as storedThumbnailRows,
} from '../repositories/migration';
import { insertThumbnails, type ThumbnailRow } from '../repositories/thumbnails';
import { loadAppSecret } from '../secrets';
import { createServices } from '../services/container';
import { thumbnailName } from '../services/thumbnails/storage';
import { ingestToTempFile, newTempPath } from '../upload/ingest';

export const MIGRATE_USAGE = `  migrate --from <embedded DATA_DIR> [--create-bucket] [--concurrency <n>]
        Copy an embedded instance (SQLite + local blobs, stopped) into the configured PostgreSQL
        (DATABASE_URL) and blob store (BLOB_STORE=s3, S3_*). The target database must be empty. Every blob
        is re-hashed on the way; the target is checked with fsck at the end. Safe to run again after a
        failure: bytes already copied are kept, rows are copied in one transaction.`;

/** A bad invocation: cli/main.ts prints it with the usage and exits 2. */
export class MigrateUsageError extends Error {}

export interface MigrateReport {
  users: number;
  sessions: number;
  files: number;
  blobs: number;
  bytes: number;
  fsckProblems: number;
}

/**
 * Tables in the order rows must be inserted (foreign keys), with the columns that order them for paging.
 * Left out on purpose: totals (the triggers rebuild them as rows arrive), throttle counters, leases and the job
 * queue (transient; `thumbnails --backfill` refills the queue), the record of failed thumbnails (a render
 * tries them afresh), and resumable uploads in flight (their bytes stay in the old data folder; clients
 * start them again).
 */
const ROW_TABLES = [
  { table: 'users', keys: ['id'] },
  { table: 'sessions', keys: ['token_hash'] },
  { table: 'totp', keys: ['user_id'] },
  { table: 'recovery_codes', keys: ['user_id', 'code_hash'] },
  { table: 'access_tokens', keys: ['id'] },
  { table: 'password_resets', keys: ['token_hash'] },
  { table: 'invites', keys: ['token_hash'] },
  { table: 'settings', keys: ['key'] },
  { table: 'oidc_identities', keys: ['issuer', 'subject'] },
  { table: 'folders', keys: ['id'] },
] as const;
const LINK_TABLES = [
  { table: 'links', keys: ['id'] },
  { table: 'downloads', keys: ['id'] },
  { table: 'download_marks', keys: ['user_id', 'file_id'] },
  { table: 'dav_properties', keys: ['resource', 'namespace', 'name'] },
  { table: 'trash_entries', keys: ['id'] },
  { table: 'trash_blobs', keys: ['entry_id', 'blob_hash'] },
] as const;
const PAGE = 500;

/**
 * Streams a source blob into a fresh temporary file while hashing it, as an upload's bytes are (the same
 * ingest: batched writes, fsynced before returning); the file is removed again if the copy fails.
 */
async function copyToTemp(
  source: BlobStore,
  key: string,
  tmpDir: string,
): Promise<{ tempPath: string } & BlobDigest> {
  const tempPath = newTempPath(tmpDir);
  try {
    const { hash, crc32c, size } = await ingestToTempFile(await source.read(key), tempPath, Infinity);
    return { tempPath, hash, crc32c, size };
  } catch (error) {
    await fsp.rm(tempPath, { force: true });
    throw error;
  }
}

/**
 * `npm run cli -- migrate --from ./data`: embedded (SQLite + DATA_DIR/blobs) into PostgreSQL + S3. The copy
 * works on table rows as they are (same schema on both sides), through the row-copying functions of
 * repositories/migration.ts rather than the application's use-case queries.
 *
 * Order, so that nothing is ever referenced before it exists on the target:
 *  1. every blob referenced by a file is streamed from the source, re-hashed (a corrupt source blob stops the
 *     migration before any row is written) and put into the target store;
 *  2. all rows are inserted in one PostgreSQL transaction, blob reference counts recomputed from the files;
 *  3. fsck runs on the target.
 */
export async function migrateCommand(
  args: string[],
  log: (line: string) => void = console.log,
): Promise<MigrateReport> {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        from: { type: 'string' },
        'create-bucket': { type: 'boolean', default: false },
        concurrency: { type: 'string', default: '4' },
      },
      allowPositionals: false,
    }));
  } catch (error) {
    throw new MigrateUsageError((error as Error).message);
  }
  if (!values.from) throw new MigrateUsageError("migrate needs --from <the embedded instance's DATA_DIR>");
  const concurrency = Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    throw new MigrateUsageError('--concurrency must be an integer from 1 to 64');
  }
  const fromDir = path.resolve(values.from);
  const sourceFile = path.join(fromDir, 'cloudstash.db');
  if (!fs.existsSync(sourceFile))
    throw new MigrateUsageError(`No embedded instance at ${fromDir} (${sourceFile} is missing)`);

  const config = loadConfig();
  if (config.database.kind !== 'postgres') {
    throw new MigrateUsageError(
      'migrate copies into PostgreSQL: set DATABASE_URL=postgres://... for the target',
    );
  }
  if (config.blobStore.kind === 'fs' && path.resolve(config.blobStore.root) === path.join(fromDir, 'blobs')) {
    throw new MigrateUsageError(
      'The target blob store is the source folder itself: set BLOB_STORE=s3 and S3_*',
    );
  }

  const source = connectDatabase({ database: { kind: 'sqlite', file: sourceFile } });
  const target = connectDatabase(config);
  const sourceStore = new FsBlobStore(path.join(fromDir, 'blobs'));
  let targetStore: BlobStore | undefined;
  try {
    await migrateToLatest(source);
    await migrateToLatest(target);
    if (!(await isEmptyForMigration(target))) {
      throw new MigrateUsageError(
        'The target database already has users, files or blobs; migrate only fills an empty one',
      );
    }
    targetStore = await createBlobStore(config, { createBucket: values['create-bucket'] });
    await fsp.mkdir(config.tmpDir, { recursive: true });

    // 1. Bytes. Counts come from the file rows, not the stored ref_count, so a drifted count is healed here.
    const referenced = await referencedBlobs(source);
    let copied = 0;
    let bytes = 0;
    const queue = [...referenced];
    const checksums = new Map<string, number>();
    const worker = async () => {
      for (let blob = queue.shift(); blob; blob = queue.shift()) {
        const temp = await copyToTemp(sourceStore, blob.hash, config.tmpDir);
        // This copy made the temporary file, so it removes it (put never takes it).
        try {
          if (temp.hash !== blob.hash || temp.size !== blob.size) {
            throw new Error(
              `Source blob ${blob.hash} is damaged (its bytes hash to ${temp.hash}, ${temp.size} bytes); ` +
                'run `npm run cli -- fsck` on the embedded instance and restore it from a backup first',
            );
          }
          await targetStore!.put(blob.hash, { kind: 'file', path: temp.tempPath }, temp.size);
        } finally {
          await fsp.rm(temp.tempPath, { force: true });
        }
        // Taken from the bytes just read, so blobs written before checksums existed arrive with theirs.
        checksums.set(blob.hash, temp.crc32c);
        copied += 1;
        bytes += temp.size;
        if (copied % 500 === 0) log(`migrate: ${copied}/${referenced.length} blobs copied`);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(queue.length, 1)) }, worker));

    // Thumbnails of the copied blobs come along (small, so as buffers); one whose bytes are missing is left
    // out, and `thumbnails --backfill` on the target makes it again.
    const wanted = new Set(referenced.map((b) => b.hash));
    const thumbnailRows: ThumbnailRow[] = [];
    for (const row of await storedThumbnailRows(source)) {
      if (!wanted.has(row.blob_hash)) continue;
      const name = thumbnailName(row.blob_hash, row.size);
      const chunks: Buffer[] = [];
      try {
        for await (const chunk of await sourceStore.readDerived(name)) chunks.push(chunk as Buffer);
      } catch {
        continue;
      }
      await targetStore.putDerived(name, Buffer.concat(chunks));
      thumbnailRows.push(row);
    }

    // 2. Rows, all or nothing.
    const counts = await inTransaction(target, async (trx) => {
      const tally: Record<string, number> = {};
      for (const { table, keys } of ROW_TABLES) {
        tally[table] = await copyTableRows(source, trx, table, keys, PAGE);
      }
      for (let i = 0; i < referenced.length; i += PAGE) {
        await insertBlobRows(
          trx,
          referenced.slice(i, i + PAGE).map((b) => ({
            hash: b.hash,
            size: b.size,
            ref_count: Number(b.refs),
            created_at: b.created_at,
            crc32c: checksums.get(b.hash)!,
          })),
        );
      }
      tally.files = await copyTableRows(source, trx, 'files', ['id'], PAGE);
      // Kept versions refer to their files, so they follow them.
      tally.file_versions = await copyTableRows(source, trx, 'file_versions', ['id'], PAGE);
      // Share links and the download history refer to files, so they follow them.
      for (const { table, keys } of LINK_TABLES) {
        tally[table] = await copyTableRows(source, trx, table, keys, PAGE);
      }
      for (let i = 0; i < thumbnailRows.length; i += PAGE)
        await insertThumbnails(trx, thumbnailRows.slice(i, i + PAGE));
      return tally;
    });

    // 3. Proof, on the target as the server will see it.
    const services = createServices(
      config,
      target,
      targetStore,
      loadAppSecret(config),
      pino({ level: 'warn' }),
    );
    const { checkedBlobs, problems } = await services.maintenance.fsck();
    for (const p of problems) log(`fsck: ${p.problem}\t${p.blob}\t${p.detail ?? ''}`);
    log(
      `migrate: copied ${counts.users} users, ${counts.sessions} sessions, ${counts.files} files and ` +
        `${copied} blobs (${bytes} bytes); fsck on the target: ${checkedBlobs} blobs checked, ${problems.length} problem(s)`,
    );
    if (!config.appSecret) {
      log('migrate: remember to give every new process the same APP_SECRET (docs/deployment.md)');
    }
    return {
      users: counts.users!,
      sessions: counts.sessions!,
      files: counts.files!,
      blobs: copied,
      bytes,
      fsckProblems: problems.length,
    };
  } finally {
    (targetStore as { destroy?: () => void } | undefined)?.destroy?.();
    await source.destroy();
    await target.destroy();
  }
}
