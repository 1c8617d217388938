import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { MESSAGES, fileTooLargeMessage } from '@cloudstash/contract';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { nowIso } from '../db/executor';
import { AppError, notFound } from '../errors';
import * as uploads from '../repositories/resumable-uploads';
import type { ResumableUploadRow } from '../repositories/resumable-uploads';
import { SNIFF_BYTES, detectMediaType, headEvidence } from '../upload/detect-type';
import { ByteTally, inspectFile } from '../upload/ingest';
import { UploadOverrunError, type PartialUploads } from '../upload/partial-uploads';
import { assertAcceptedType, type FileService } from './files';
import type { QuotaService } from './quotas';
import type { Viewer } from './sessions';

export interface NewResumableUpload {
  length: number;
  filename?: string;
  declaredType?: string;
  isPublic: boolean;
}

/** Where an upload stands; `fileId` once its last byte arrived and it became a file. */
export interface ResumableProgress {
  id: string;
  offset: number;
  length: number;
  expiresAt: string;
  fileId?: string;
}

const progressOf = (row: ResumableUploadRow): ResumableProgress => ({
  id: row.id,
  offset: row.offset,
  length: row.length,
  expiresAt: row.expires_at,
});

/**
 * Uploads that arrive in pieces over many requests (the tus protocol's rules live here; its HTTP spelling in
 * routes/uploads.ts). A finished upload becomes a file through FileService.upload exactly like a form upload:
 * typed from its head, hashed, quota-checked inside the commit, stored once however many accounts hold it.
 */
export class ResumableUploads {
  /** Uploads receiving bytes in this process; a second writer at the same time is refused, not interleaved. */
  private readonly busy = new Set<string>();
  /**
   * A running hash of each upload whose pieces all arrived at this process since it started, so completing it
   * needs no second read of its bytes. Any doubt (a piece cut short, an upload begun elsewhere) drops it, and
   * completion reads the file once instead.
   */
  private readonly tallies = new Map<string, ByteTally>();

  constructor(
    private readonly db: Db,
    private readonly parts: PartialUploads,
    private readonly files: FileService,
    private readonly quotas: QuotaService,
    private readonly config: Pick<Config, 'maxUploadBytes' | 'resumableExpiryMs'>,
  ) {}

  private expiry(): string {
    return new Date(Date.now() + this.config.resumableExpiryMs).toISOString();
  }

  /** Refused at once when it could never be accepted: empty, over the limit or over the remaining quota. */
  async create(viewer: Viewer, input: NewResumableUpload): Promise<ResumableProgress> {
    if (input.length === 0) throw new AppError('EMPTY_FILE', MESSAGES.emptyFile);
    if (input.length > this.config.maxUploadBytes) {
      throw new AppError('PAYLOAD_TOO_LARGE', fileTooLargeMessage(input.length, this.config.maxUploadBytes));
    }
    await this.quotas.assertRoom(viewer.id, input.length);
    const row: ResumableUploadRow = {
      id: crypto.randomUUID(),
      owner_id: viewer.id,
      length: input.length,
      offset: 0,
      filename: input.filename ?? null,
      declared_type: input.declaredType ?? null,
      is_public: input.isPublic ? 1 : 0,
      type_checked: 0,
      created_at: nowIso(),
      expires_at: this.expiry(),
    };
    // The file first: a crash in between leaves bytes no row knows (gc removes them), never a row without them.
    await this.parts.create(row.id);
    await uploads.insertResumableUpload(this.db, row);
    return progressOf(row);
  }

  async status(viewer: Viewer, id: string): Promise<ResumableProgress> {
    return progressOf(await this.require(viewer, id));
  }

  /**
   * Appends the bytes of one request at `offset`, which must be where the upload stands. Whatever arrived is
   * kept (fsynced, then recorded) even when the request broke off, so the client resumes from there.
   */
  async append(viewer: Viewer, id: string, offset: number, source: Readable): Promise<ResumableProgress> {
    const row = await this.require(viewer, id);
    if (this.busy.has(id)) throw new AppError('CONFLICT', MESSAGES.uploadBusy);
    if (offset !== row.offset) throw new AppError('CONFLICT', MESSAGES.uploadOffsetMismatch);
    this.busy.add(id);
    let tally = this.tallies.get(id) ?? (row.offset === 0 ? new ByteTally() : undefined);
    if (tally?.size !== row.offset) tally = undefined;
    this.tallies.delete(id);
    try {
      const written = await this.parts
        .append(id, row.offset, source, row.length - row.offset, tally && ((chunk) => tally.add(chunk)))
        .catch((error: unknown) => {
          // The row is shared, the bytes are this process's: another one's upload is not found here.
          if ((error as { code?: string }).code === 'ENOENT') throw notFound(MESSAGES.uploadNotFound);
          throw error;
        });
      const moved = await uploads.advanceOffset(this.db, id, {
        from: row.offset,
        to: written.offset,
        expiresAt: this.expiry(),
      });
      if (!moved) throw new AppError('CONFLICT', MESSAGES.uploadBusy);
      if (tally && written.failure === undefined && tally.size === written.offset)
        this.tallies.set(id, tally);
      const now = { ...row, offset: written.offset };
      await this.checkHead(now);
      if (written.failure instanceof UploadOverrunError)
        throw new AppError('VALIDATION_FAILED', MESSAGES.uploadOverrun);
      if (written.failure) throw new AppError('VALIDATION_FAILED', MESSAGES.malformedUpload);
      const progress = progressOf(now);
      if (now.offset < now.length) return progress;
      return { ...progress, fileId: await this.complete(viewer, now) };
    } finally {
      this.busy.delete(id);
    }
  }

  /** Cancels an upload: its row and its bytes go at once. */
  async terminate(viewer: Viewer, id: string): Promise<void> {
    await this.require(viewer, id);
    if (this.busy.has(id)) throw new AppError('CONFLICT', MESSAGES.uploadBusy);
    await this.discard(id);
  }

  /**
   * Removes uploads that received nothing before they expired, and bytes in the uploads folder that no upload
   * row knows once they are older than `cutoff` (left by a crash during creation, or an account removed).
   */
  async removeAbandoned(cutoff: number, dryRun = false): Promise<{ uploads: number; bytes: number }> {
    const expired = new Set((await uploads.expiredUploadIds(this.db, nowIso(), 10_000)).map((u) => u.id));
    const live = new Set((await uploads.allUploadIds(this.db)).map((u) => u.id));
    const removed = { uploads: 0, bytes: 0 };
    for (const part of await this.parts.list()) {
      const orphan = !live.has(part.id) && part.modifiedAt.getTime() <= cutoff;
      if (!expired.has(part.id) && !orphan) continue;
      if (!dryRun) await this.discard(part.id);
      removed.uploads += 1;
      removed.bytes += part.size;
    }
    return removed;
  }

  /** How many uploads are in flight (not expired), for fsck to report apart from any damage. */
  async inFlight(): Promise<number> {
    const expired = new Set((await uploads.expiredUploadIds(this.db, nowIso(), 10_000)).map((u) => u.id));
    return (await uploads.allUploadIds(this.db)).filter((u) => !expired.has(u.id)).length;
  }

  private async require(viewer: Viewer, id: string): Promise<ResumableUploadRow> {
    const row = await uploads.findLiveUpload(this.db, id, viewer.id, nowIso());
    // Someone else's upload answers exactly like a missing one: no one learns which ids exist.
    if (!row) throw notFound(MESSAGES.uploadNotFound);
    return row;
  }

  /** Refuses the upload with 415 as soon as its first bytes show a type that will never be accepted. */
  private async checkHead(row: ResumableUploadRow): Promise<void> {
    if (row.type_checked || row.offset < Math.min(SNIFF_BYTES, row.length)) return;
    const head = await this.parts.head(row.id, SNIFF_BYTES);
    try {
      assertAcceptedType(await detectMediaType(head, headEvidence(head)), row.declared_type ?? undefined);
    } catch (error) {
      await this.discard(row.id);
      throw error;
    }
    await uploads.markTypeChecked(this.db, row.id);
  }

  /** The last byte arrived: the bytes become a file (or are refused and removed); answers its id. */
  private async complete(viewer: Viewer, row: ResumableUploadRow): Promise<string> {
    const tally = this.tallies.get(row.id);
    const path = this.parts.pathOf(row.id);
    const inspected = tally?.size === row.length ? tally.finish(path) : await inspectFile(path);
    let fileId: string;
    try {
      const file = await this.files.upload(viewer, {
        fields: { filename: row.filename ?? undefined, isPublic: row.is_public === 1 },
        file: {
          ...inspected,
          declaredType: row.declared_type ?? undefined,
          originalName: row.filename ?? undefined,
        },
      });
      fileId = file._id;
    } catch (error) {
      // Refused (type, quota): the upload is over. A fault of ours keeps the bytes for gc or a retry.
      if (error instanceof AppError) await this.discard(row.id);
      throw error;
    }
    // Committed: the local store may have moved the bytes into place, which makes their removal a no-op.
    await this.discard(row.id);
    return fileId;
  }

  private async discard(id: string): Promise<void> {
    this.tallies.delete(id);
    await uploads.deleteResumableUpload(this.db, id);
    await this.parts.remove(id);
  }
}
