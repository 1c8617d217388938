import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { MESSAGES } from '@cloudstash/contract';
import type { BlobStore } from '../../blobs/blob-store';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/executor';
import { notFound } from '../../errors';
import type { FileWithOwner } from '../../repositories/files';
import * as thumbnails from '../../repositories/thumbnails';
import { requireFileAccess } from '../access-policy';
import { isoNow, type Clock } from '../clock';
import type { Job, JobQueue } from '../jobs/queue';
import type { Viewer } from '../sessions';
import {
  UndecodableError,
  canRender,
  isImage,
  render,
  renderImage,
  type Rendered,
  type ThumbnailSize,
} from './render';
import { FILE_THUMBNAIL_JOB, THUMBNAIL_JOB, thumbnailName } from './storage';
import type { ThumbnailTools } from './tools';

export interface ThumbnailToServe {
  /** Identifies the image for caching: the same content and size always give the same bytes. */
  contentHash: string;
  size: ThumbnailSize;
  bytes: number;
  open(): Promise<Readable>;
}

/**
 * Thumbnails belong to content, not to files: made once per blob (by the background worker), shared by every
 * file holding those bytes, and deleted with the blob (storage.ts).
 */
export class Thumbnails {
  constructor(
    private readonly db: Db,
    private readonly store: BlobStore,
    private readonly jobs: JobQueue,
    readonly tools: ThumbnailTools,
    private readonly config: Pick<Config, 'dataDir'>,
    private readonly log: FastifyBaseLogger,
    private readonly clock: Clock,
  ) {}

  /**
   * Asks for a newly committed file's thumbnails: a job of its own, whether or not its content has them
   * already, so that its answer and the moment they show are the same either way. Never fails the upload:
   * `cli thumbnails --backfill` catches whatever is missed here.
   */
  async requestFor(file: { id: string; mimetype: string; owner_id: string }): Promise<void> {
    if (!canRender(file.mimetype, this.tools)) return;
    try {
      await this.jobs.enqueue(FILE_THUMBNAIL_JOB, file.id, file.owner_id);
    } catch (error) {
      this.log.warn({ err: error }, 'could not queue a thumbnail');
    }
  }

  /** Queues every stored content that can have thumbnails and has neither them nor a job; returns how many. */
  async backfill(): Promise<number> {
    let queued = 0;
    let after = '';
    for (;;) {
      const page = await thumbnails.blobsWithoutThumbnails(this.db, { afterHash: after, limit: 500 });
      for (const blob of page) {
        if (canRender(blob.mimetype, this.tools) && (await this.jobs.enqueue(THUMBNAIL_JOB, blob.hash)))
          queued += 1;
      }
      if (page.length < 500) return queued;
      after = page.at(-1)!.hash;
    }
  }

  /** A backfill job: makes and records the thumbnails of content that has none; UndecodableError when it never will. */
  async make(job: Job): Promise<void> {
    const hash = job.key;
    if (await thumbnails.hasThumbnails(this.db, hash)) return;
    const mimetype = await thumbnails.mediaTypeOfBlob(this.db, hash);
    if (!mimetype) return; // every file holding it was deleted meanwhile
    await this.renderAndRecord(hash, mimetype);
  }

  /**
   * A new file's job: makes and records its content's thumbnails, even when that content had them already
   * (another file holds the same bytes; they are rendered and replaced again, the same bytes). Making them
   * again costs what a deduplicating store could save, but skipping it would let the file's owner see by
   * how soon the thumbnail shows that someone else holds the bytes.
   */
  async makeForFile(job: Job): Promise<void> {
    const file = await thumbnails.contentOfFile(this.db, job.key);
    if (!file) return; // deleted meanwhile
    await this.renderAndRecord(file.blob_hash, file.mimetype);
  }

  private async renderAndRecord(hash: string, mimetype: string): Promise<void> {
    if (!canRender(mimetype, this.tools)) throw new UndecodableError(`no thumbnailer for ${mimetype} here`);
    const rendered = await this.renderOnce(hash, mimetype);
    for (const t of rendered.thumbnails) await this.store.putDerived(thumbnailName(hash, t.size), t.bytes);
    const now = isoNow(this.clock);
    try {
      await inTransaction(this.db, (trx) =>
        thumbnails.replaceThumbnails(
          trx,
          hash,
          rendered.thumbnails.map((t) => ({
            blob_hash: hash,
            size: t.size,
            bytes: t.bytes.length,
            width: t.width,
            height: t.height,
            duration_ms: rendered.durationMs,
            created_at: now,
          })),
        ),
      );
    } catch (error) {
      // The rows reference the blob row: when the last file went while we worked, the blob's reclamation
      // has run (or will find no rows), so the bytes just written are removed here.
      if (await thumbnails.blobExists(this.db, hash)) throw error;
      for (const t of rendered.thumbnails) await this.store.deleteDerived(thumbnailName(hash, t.size));
    }
  }

  /**
   * Renders the content, unless the same bytes failed before: then the job takes as long as that attempt did
   * and fails the same way, without spending the CPU again. Waiting out the time keeps the rule that a file's
   * thumbnail job tells its owner nothing about other files: whether someone else's copy already failed shows
   * neither in the answer nor in when it comes. A file made to keep a decoder busy costs its time once.
   */
  private async renderOnce(hash: string, mimetype: string): Promise<Rendered> {
    const known = await thumbnails.findThumbnailFailure(this.db, hash);
    if (known) {
      await setTimeout(known.elapsed_ms);
      throw new UndecodableError(known.error);
    }
    const started = performance.now();
    try {
      return isImage(mimetype)
        ? {
            thumbnails: await renderImage(this.store.localPath?.(hash) ?? (await this.readWhole(hash))),
            durationMs: null,
          }
        : await this.withLocalFile(hash, (file) => render(file, mimetype, this.tools));
    } catch (error) {
      if (error instanceof UndecodableError) {
        const failure = {
          blob_hash: hash,
          error: error.message.slice(0, 500),
          elapsed_ms: Math.round(performance.now() - started),
          created_at: isoNow(this.clock),
        };
        // The blob may be gone meanwhile (its last file deleted): then there is nothing to remember.
        await thumbnails.recordThumbnailFailure(this.db, failure).catch(() => undefined);
      }
      throw error;
    }
  }

  /**
   * An image's bytes from a store without local paths, in memory: sharp reads a stream into one buffer anyway,
   * and skipping a local copy saves writing every uploaded photo to disk a second time. Bounded by the upload
   * size limit.
   */
  private async readWhole(hash: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.store.read(hash)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** Where the decoders' local copies live: apart from the uploads' temporary files, which gc counts. */
  private get workDir(): string {
    return path.join(this.config.dataDir, 'thumbnail-work');
  }

  /** Copies left by a process that was killed mid-job; at start-up, since DATA_DIR is this process's alone. */
  async removeLeftoverCopies(): Promise<void> {
    await fsp.rm(this.workDir, { recursive: true, force: true });
  }

  /**
   * The content's bytes as a local file for the decoders: the blob itself on the local store (a decoder that
   * opened it keeps reading it even if it is reclaimed meanwhile), otherwise a copy (an S3 object has no path;
   * ffmpeg and pdftoppm need one), removed afterwards whatever happens.
   */
  private async withLocalFile<T>(hash: string, work: (file: string) => Promise<T>): Promise<T> {
    const stored = this.store.localPath?.(hash);
    if (stored) return work(stored);
    await fsp.mkdir(this.workDir, { recursive: true });
    const file = path.join(this.workDir, `${crypto.randomUUID()}`);
    try {
      await pipeline(await this.store.read(hash), fs.createWriteStream(file));
      return await work(file);
    } finally {
      await fsp.rm(file, { force: true });
    }
  }

  /** A file's thumbnail for a viewer who may see the file; 404 for anyone else and until the file shows one. */
  async forViewer(viewer: Viewer, fileId: string, size: ThumbnailSize): Promise<ThumbnailToServe> {
    return this.ofFile(await requireFileAccess(this.db, viewer, fileId, 'view'), size);
  }

  /** The thumbnail of a file the caller has already decided may be seen (a share link's); 404 until it shows one. */
  async ofFile(
    file: Pick<FileWithOwner, 'blob_hash' | 'has_thumbnail'>,
    size: ThumbnailSize,
  ): Promise<ThumbnailToServe> {
    const hash = file.blob_hash;
    const row = file.has_thumbnail ? await thumbnails.findThumbnail(this.db, hash, size) : undefined;
    if (!row) throw notFound(MESSAGES.thumbnailNotFound);
    return {
      contentHash: hash,
      size,
      bytes: row.bytes,
      open: () => this.store.readDerived(thumbnailName(hash, size)),
    };
  }
}
