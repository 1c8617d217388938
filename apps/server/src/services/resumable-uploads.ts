import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { LINK_MESSAGES, MESSAGES, REQUEST_MESSAGES, fileTooLargeMessage } from '@cloudstash/contract';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { inTransaction, type Executor } from '../db/executor';
import { AppError, notFound } from '../errors';
import { releaseLease, tryAcquireLease } from '../repositories/leases';
import * as uploads from '../repositories/resumable-uploads';
import type { ResumableUploadRow, UploadPiecesRef } from '../repositories/resumable-uploads';
import { SNIFF_BYTES, headEvidence } from '../upload/detect-type';
import { ByteTally } from '../upload/ingest';
import { UploadOverrunError, type PieceStep, type UploadPieces } from '../upload/upload-pieces';
import type { Files, ThroughRequest } from './files';
import { lockRequest } from '../repositories/share-links';
import type { Quotas } from './quotas';
import type { Viewer } from './sessions';
import { isoNow, type Clock } from './clock';

export interface NewResumableUpload {
  length: number;
  filename?: string;
  /** The chosen file's own name, when the client sent it apart from the typed `filename`. */
  originalName?: string;
  declaredType?: string;
  isPublic: boolean;
  /** The folder the file will land in; null for the top. */
  folderId: string | null;
  /** Through an upload link: the link, and what the file will say of its sender. */
  request?: ThroughRequest;
}

/** Where an upload stands; `fileId` once its last byte arrived and it became a file. */
export interface ResumableProgress {
  id: string;
  offset: number;
  length: number;
  expiresAt: string;
  fileId?: string;
}

/**
 * How long one process may hold an upload whose pieces every process reaches (renewed while its request
 * runs): a process that dies mid-request blocks the upload for at most this long.
 */
const WRITER_LEASE_MS = 60_000;
const PROCESS_ID = `${process.pid}-${crypto.randomUUID()}`;

const progressOf = (row: ResumableUploadRow): ResumableProgress => ({
  id: row.id,
  offset: row.offset,
  length: row.length,
  expiresAt: row.expires_at,
});

/**
 * Uploads that arrive in pieces over many requests (the tus protocol's rules live here; its HTTP spelling in
 * routes/uploads.ts). A finished upload becomes a file through Files.upload exactly like a form upload:
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
    private readonly parts: UploadPieces,
    private readonly files: Files,
    private readonly quotas: Quotas,
    private readonly config: Pick<
      Config,
      'maxUploadBytes' | 'resumableExpiryMs' | 'resumableLifetimeMs' | 'resumableInFlight'
    >,
    private readonly clock: Clock,
  ) {}

  /** When an upload created at `createdAt` lapses if nothing more arrives: never past its whole lifetime. */
  private expiry(createdAt: string): string {
    const idle = this.clock.now() + this.config.resumableExpiryMs;
    const end = Date.parse(createdAt) + this.config.resumableLifetimeMs;
    return new Date(Math.min(idle, end)).toISOString();
  }

  /**
   * Refused at once when it could never be accepted: empty, over the limit, past the account's caps on
   * uploads in flight, or over its quota once the bytes its other uploads in flight declared are held for them.
   */
  async create(viewer: Viewer, input: NewResumableUpload): Promise<ResumableProgress> {
    if (input.length === 0) throw new AppError('EMPTY_FILE', MESSAGES.emptyFile);
    if (input.length > this.config.maxUploadBytes) {
      throw new AppError('PAYLOAD_TOO_LARGE', fileTooLargeMessage(input.length, this.config.maxUploadBytes));
    }
    // The bytes count against the folder's owner (an editor's upload into a shared folder is the owner's).
    const ownerId = await this.files.uploadOwner(viewer, input.folderId);
    await this.quotas.assertRoom(ownerId, input.length);
    // A folder that cannot take the file is refused before any byte is sent (and checked again at the end).
    const folderId = (await this.files.requireTargetFolder(viewer, ownerId, input.folderId))?.id ?? null;
    const id = crypto.randomUUID();
    // The pieces' place first: a crash in between leaves pieces no row knows (gc removes them), never a row
    // without them.
    const { s3_upload_id } = await this.parts.begin(id);
    const createdAt = isoNow(this.clock);
    const row: ResumableUploadRow = {
      id,
      owner_id: viewer.id,
      length: input.length,
      offset: 0,
      filename: input.filename ?? null,
      original_name: input.originalName ?? null,
      declared_type: input.declaredType ?? null,
      is_public: input.isPublic ? 1 : 0,
      type_checked: 0,
      created_at: createdAt,
      expires_at: this.expiry(createdAt),
      s3_upload_id,
      s3_parts: '[]',
      tail_bytes: 0,
      head_bytes: null,
      folder_id: folderId,
      request_id: input.request?.id ?? null,
      upload_note: input.request?.note ?? null,
      uploader_name: input.request?.uploaderName ?? null,
    };
    try {
      await this.admit(row);
    } catch (error) {
      await this.parts.remove(row);
      throw error;
    }
    return progressOf(row);
  }

  /**
   * The binding check and the row, in one transaction under the account's lock: creations of one account are
   * admitted one after the other, each counting the uploads in flight the ones before it left. The owner's own
   * uploads fill the owner's place; an upload link's fill the link's, under the same caps, so anonymous
   * visitors can never hold the owner's own uploads back. Both must fit the owner's quota, the owner's own
   * reserved first.
   */
  private async admit(row: ResumableUploadRow): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      const quota = await this.quotas.lock(trx, row.owner_id);
      const now = isoNow(this.clock);
      const own = await uploads.inFlightOf(trx, row.owner_id, now);
      const linked = row.request_id ? await this.reserveInRequest(trx, row) : { count: 0, bytes: 0 };
      this.assertRoom(row.request_id ? linked : own, row.length);
      await this.quotas.assertFits(trx, row.owner_id, quota, own.bytes + linked.bytes + row.length);
      await uploads.insertResumableUpload(trx, row);
    });
  }

  /** The in-flight caps of one place (an account's own uploads, or one upload link's) leave room for `length`. */
  private assertRoom(inFlight: { count: number; bytes: number }, length: number): void {
    const caps = this.config.resumableInFlight;
    if (inFlight.count >= caps.count) throw new AppError('RATE_LIMITED', MESSAGES.uploadsInFlightTooMany);
    if (inFlight.bytes + length > caps.bytes)
      throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.uploadsInFlightTooLarge);
  }

  /**
   * An upload through an upload link holds its place under the link's limits from its creation: the files and
   * bytes the link took, with those of its uploads in flight, must leave room for this one. The link's row is
   * locked meanwhile, so uploads created at once are admitted one after the other. Answers the link's uploads
   * in flight before this one.
   */
  private async reserveInRequest(trx: Executor, row: ResumableUploadRow) {
    const link = await lockRequest(trx, row.request_id!);
    if (!link) throw notFound(LINK_MESSAGES.linkUnavailable);
    const inFlight = await uploads.inFlightOfRequest(trx, row.request_id!, isoNow(this.clock));
    if (link.max_files !== null && link.files_received + inFlight.count + 1 > link.max_files)
      throw new AppError('PAYLOAD_TOO_LARGE', REQUEST_MESSAGES.filesLimit);
    if (link.max_bytes !== null && Number(link.bytes_received) + inFlight.bytes + row.length > link.max_bytes)
      throw new AppError('PAYLOAD_TOO_LARGE', REQUEST_MESSAGES.bytesLimit);
    return inFlight;
  }

  /** Ends every upload in flight through an upload link, rows and bytes (the link was closed). */
  async endUploadsOfRequest(requestId: string): Promise<void> {
    for (const upload of await uploads.uploadsOfRequest(this.db, requestId)) {
      if (this.busy.has(upload.id)) continue; // its request ends on the closed link; gc takes it after
      await this.discard(upload);
    }
  }

  /** `requestId`: the upload link the upload was made through (its routes' uploads are theirs alone). */
  async status(viewer: Viewer, id: string, requestId: string | null = null): Promise<ResumableProgress> {
    return progressOf(await this.require(viewer, id, requestId));
  }

  /**
   * Appends the bytes of one request at `offset`, which must be where the upload stands. Whatever arrived is
   * kept (made durable, then recorded) even when the request broke off, so the client resumes from there.
   */
  async append(
    viewer: Viewer,
    id: string,
    offset: number,
    source: Readable,
    requestId: string | null = null,
  ): Promise<ResumableProgress> {
    const row = await this.require(viewer, id, requestId);
    if (this.busy.has(id)) throw new AppError('CONFLICT', MESSAGES.uploadBusy);
    if (offset !== row.offset) throw new AppError('CONFLICT', MESSAGES.uploadOffsetMismatch);
    this.busy.add(id);
    let release: (() => Promise<void>) | undefined;
    // On S3 completion reads the assembled object anyway (its bytes are what gets copied into place), so a
    // running hash would be work thrown away.
    let tally = this.parts.shared
      ? undefined
      : (this.tallies.get(id) ?? (row.offset === 0 ? new ByteTally() : undefined));
    if (tally?.size !== row.offset) tally = undefined;
    this.tallies.delete(id);
    try {
      release = await this.holdWriter(id);
      let now = row;
      const record = async (step: PieceStep) => {
        // Only bytes keep an upload alive: a request that carries none leaves its expiry where it was.
        const expiresAt = step.offset > now.offset ? this.expiry(now.created_at) : now.expires_at;
        const moved = await uploads.advanceOffset(this.db, id, {
          from: now.offset,
          to: step.offset,
          expiresAt,
          pieces: step.pieces,
        });
        if (!moved) throw new AppError('CONFLICT', MESSAGES.uploadBusy);
        now = { ...now, ...step.pieces, offset: step.offset, expires_at: expiresAt };
      };
      const written = await this.parts
        .append(row, source, {
          room: row.length - row.offset,
          observe: tally && ((chunk) => tally.add(chunk)),
          record,
        })
        .catch((error: unknown) => {
          // On the file system store the row is shared but the bytes are this process's: another one's
          // upload is not found here.
          if ((error as { code?: string }).code === 'ENOENT') throw notFound(MESSAGES.uploadNotFound);
          throw error;
        });
      if (tally && written.failure === undefined && tally.size === written.offset)
        this.tallies.set(id, tally);
      await this.checkHead(now);
      if (written.failure instanceof UploadOverrunError)
        throw new AppError('VALIDATION_FAILED', MESSAGES.uploadOverrun);
      if (written.failure) throw new AppError('VALIDATION_FAILED', MESSAGES.malformedUpload);
      const progress = progressOf(now);
      if (now.offset < now.length) return progress;
      return { ...progress, fileId: await this.complete(viewer, now) };
    } finally {
      this.busy.delete(id);
      // A release that fails (the database gone) must not hide the request's own outcome: the lease runs out.
      await release?.().catch(() => {});
    }
  }

  /** Cancels an upload: its row and its bytes go at once. */
  async terminate(viewer: Viewer, id: string, requestId: string | null = null): Promise<void> {
    const row = await this.require(viewer, id, requestId);
    if (this.busy.has(id)) throw new AppError('CONFLICT', MESSAGES.uploadBusy);
    const release = await this.holdWriter(id);
    try {
      await this.discard(row);
    } finally {
      await release();
    }
  }

  /**
   * When any process may take an upload's next request (S3), one at a time across all of them: two writers
   * would both cut the same part number and one's bytes would replace the other's in the store. A lease in
   * the shared database, renewed while the request runs; 409 (busy) while another process holds it. The
   * offset's compare-and-set stays the last word either way.
   */
  private async holdWriter(id: string): Promise<() => Promise<void>> {
    if (!this.parts.shared) return async () => {};
    const name = `resumable-upload:${id}`;
    const take = () =>
      tryAcquireLease(this.db, name, PROCESS_ID, isoNow(this.clock), isoNow(this.clock, WRITER_LEASE_MS));
    if (!(await take())) throw new AppError('CONFLICT', MESSAGES.uploadBusy);
    const renewal = setInterval(() => void take().catch(() => {}), WRITER_LEASE_MS / 3);
    renewal.unref();
    return async () => {
      clearInterval(renewal);
      await releaseLease(this.db, name, PROCESS_ID);
    };
  }

  /**
   * Removes uploads that received nothing before they expired, and bytes in the uploads folder that no upload
   * row knows once they are older than `cutoff` (left by a crash during creation, or an account removed).
   */
  async removeAbandoned(cutoff: number, dryRun = false): Promise<{ uploads: number; bytes: number }> {
    const removed = { uploads: 0, bytes: 0 };
    for (const upload of await uploads.expiredUploads(this.db, isoNow(this.clock), 10_000)) {
      if (!dryRun) await this.discard(upload);
      removed.uploads += 1;
      removed.bytes += upload.offset;
    }
    // Read after the expired ones went (a dry run still lists them, so they are not counted twice). An upload
    // created after this read has pieces younger than `cutoff`, which are kept.
    const known = new Map((await uploads.allUploads(this.db)).map((u) => [u.id, u.s3_upload_id]));
    const strays = await this.parts.removeStrays(known, cutoff, dryRun);
    return { uploads: removed.uploads + strays.uploads, bytes: removed.bytes + strays.bytes };
  }

  /** Removes every upload of an account, row and bytes (the account is being removed). */
  async removeAllOf(ownerId: string): Promise<void> {
    for (const upload of await uploads.uploadsOf(this.db, ownerId)) await this.discard(upload);
  }

  /** How many uploads are in flight (not expired), for fsck to report apart from any damage. */
  async inFlight(): Promise<number> {
    const expired = new Set(
      (await uploads.expiredUploads(this.db, isoNow(this.clock), 10_000)).map((u) => u.id),
    );
    return (await uploads.allUploads(this.db)).filter((u) => !expired.has(u.id)).length;
  }

  private async require(viewer: Viewer, id: string, requestId: string | null): Promise<ResumableUploadRow> {
    const row = await uploads.findLiveUpload(this.db, id, viewer.id, isoNow(this.clock));
    // Someone else's upload answers exactly like a missing one: no one learns which ids exist. So does one past
    // its lifetime, whatever expiry it was given before that rule, and one made through another way in (an
    // upload link's uploads are reached through that link only, and the owner's own never through one).
    const ended = row && Date.parse(row.created_at) + this.config.resumableLifetimeMs <= this.clock.now();
    if (!row || ended || (row.request_id ?? null) !== requestId) throw notFound(MESSAGES.uploadNotFound);
    return row;
  }

  /** Refuses the upload with 415 as soon as its first bytes show a type that will never be accepted. */
  private async checkHead(row: ResumableUploadRow): Promise<void> {
    if (row.type_checked || row.offset < Math.min(SNIFF_BYTES, row.length)) return;
    const head = await this.parts.head(row, SNIFF_BYTES);
    try {
      await this.files.acceptedType({
        head,
        text: headEvidence(head),
        declaredType: row.declared_type ?? undefined,
        originalName: originalNameOf(row),
      });
    } catch (error) {
      await this.discard(row);
      throw error;
    }
    await uploads.markTypeChecked(this.db, row.id);
  }

  /** The last byte arrived: the bytes become a file (or are refused and removed); answers its id. */
  private async complete(viewer: Viewer, row: ResumableUploadRow): Promise<string> {
    const { bytes, source } = await this.parts.assemble(row, this.tallies.get(row.id));
    let fileId: string;
    try {
      const file = await this.files.upload(viewer, {
        fields: {
          filename: row.filename ?? undefined,
          isPublic: row.is_public === 1,
          folderId: row.folder_id,
          ...(row.request_id && {
            request: {
              id: row.request_id,
              note: row.upload_note ?? '',
              uploaderName: row.uploader_name ?? '',
            },
          }),
        },
        file: {
          ...bytes,
          source,
          declaredType: row.declared_type ?? undefined,
          originalName: originalNameOf(row),
        },
      });
      fileId = file._id;
    } catch (error) {
      // Refused (type, quota): the upload is over. A fault of ours keeps the bytes for gc or a retry.
      if (error instanceof AppError) await this.discard(row);
      throw error;
    }
    // Committed: the bytes are in place (linked on disk, copied in the bucket), so their staging copy goes.
    await this.discard(row);
    return fileId;
  }

  private async discard(upload: UploadPiecesRef): Promise<void> {
    this.tallies.delete(upload.id);
    await uploads.deleteResumableUpload(this.db, upload.id);
    await this.parts.remove(upload);
  }
}

/** The chosen file's name: the one the client sent apart, else its `filename` (the tus convention). */
function originalNameOf(row: Pick<ResumableUploadRow, 'filename' | 'original_name'>): string | undefined {
  return row.original_name ?? row.filename ?? undefined;
}
