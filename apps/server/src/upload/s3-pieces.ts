import type { Readable } from 'node:stream';
import { UPLOADS_PREFIX } from '../blobs/blob-store';
import type { S3Staging, UploadedPart } from '../blobs/s3-staging';
import type { UploadPiecesRef } from '../repositories/resumable-uploads';
import { SNIFF_BYTES } from './detect-type';
import { inspectStream } from './ingest';
import {
  UploadOverrunError,
  type AppendOptions,
  type AppendResult,
  type AssembledUpload,
  type PieceStep,
  type PiecesOf,
  type UploadPieces,
} from './upload-pieces';

/** S3 refuses parts below 5 MiB, except the last one. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
/** S3 numbers parts 1 to 10,000: a very large upload gets larger parts. */
const MAX_PARTS = 10_000;

/** Our side failed (the store, the database, another writer), not the client's bytes. */
class OwnFault {
  constructor(readonly error: unknown) {}
}

/**
 * The pieces of resumable uploads in the S3 bucket, so any process of a deployment takes any upload's next
 * request. Creation starts a multipart upload at `uploads/{id}`; what arrives is cut into parts of
 * `partBytes` (all but the last at least 5 MiB, as S3 requires), each uploaded as soon as it is full, so at
 * most one part is held in memory. Bytes short of a full part when a request ends (or breaks off) are put
 * in a small "tail" object and prepended to the next request's bytes, or become the last part. The row
 * records the parts, the tail's length and the first bytes; the recorded offset only ever counts bytes that
 * S3 holds. The last byte completes the multipart upload, and the assembled object is read once to hash and
 * type it, then copied into place by the blob store on the server side (BlobSource `staged`).
 *
 * The tail of an upload whose row lists n parts is `uploads/{id}.tail-{n+1}`: a new tail written after a
 * part was cut goes under a new name, so a crash before the row records it never leaves the recorded tail
 * overwritten by other bytes; one written without a part cut starts with the recorded tail's bytes, and only
 * the recorded length of it is ever read.
 */
export class S3UploadPieces implements UploadPieces {
  readonly shared = true;

  constructor(
    private readonly staging: S3Staging,
    private readonly partBytes: number,
  ) {
    if (partBytes < MIN_PART_BYTES) throw new Error(`S3 parts must hold at least ${MIN_PART_BYTES} bytes`);
  }

  private objectName(id: string): string {
    return `${UPLOADS_PREFIX}${id}`;
  }

  private tailName(id: string, parts: number): string {
    return `${UPLOADS_PREFIX}${id}.tail-${parts + 1}`;
  }

  async begin(id: string): Promise<{ s3_upload_id: string }> {
    return { s3_upload_id: await this.staging.startMultipart(this.objectName(id)) };
  }

  async append(
    upload: PiecesOf,
    source: Readable,
    { room, observe, record }: AppendOptions,
  ): Promise<AppendResult> {
    const uploadId = requireUploadId(upload);
    const name = this.objectName(upload.id);
    // Parts already cut keep their size (recorded with them): only the ones still to cut use this.
    const partBytes = Math.max(this.partBytes, Math.ceil(upload.length / MAX_PARTS));
    const recordedParts = JSON.parse(upload.s3_parts) as UploadedPart[];
    const parts = [...recordedParts];
    let inParts = parts.reduce((sum, part) => sum + part.size, 0);
    let recorded = upload.offset;
    let head = Buffer.from(upload.head_bytes ?? '', 'base64');
    const headUpTo = (offset: number) => head.subarray(0, Math.min(offset, SNIFF_BYTES)).toString('base64');
    const step = async (offset: number, pieces: PieceStep['pieces']) => {
      await record({ offset, pieces });
      recorded = offset;
    };
    const cutPart = async (bytes: Buffer) => {
      parts.push(await this.staging.uploadPart(name, uploadId, parts.length + 1, bytes));
      inParts += bytes.length;
      await step(inParts, { s3_parts: JSON.stringify(parts), tail_bytes: 0, head_bytes: headUpTo(inParts) });
    };

    // Bytes not yet in a part: the recorded tail first, then this request's.
    const oldTail = this.tailName(upload.id, parts.length);
    let pending = upload.tail_bytes > 0 ? [await this.staging.readSmall(oldTail, upload.tail_bytes)] : [];
    let pendingBytes = upload.tail_bytes;
    let fresh = false;
    let failure: unknown;
    try {
      for await (const chunk of source as AsyncIterable<Buffer>) {
        if (chunk.length > room) throw new UploadOverrunError();
        room -= chunk.length;
        observe?.(chunk);
        fresh = true;
        if (head.length < SNIFF_BYTES)
          head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
        pending.push(chunk);
        pendingBytes += chunk.length;
        while (pendingBytes >= partBytes) {
          const joined = Buffer.concat(pending, pendingBytes);
          pending = [joined.subarray(partBytes)];
          pendingBytes -= partBytes;
          await cutPart(joined.subarray(0, partBytes)).catch((error: unknown) => {
            throw new OwnFault(error);
          });
        }
      }
    } catch (error) {
      // The store or the database failing, or another writer, is not the client's doing.
      if (error instanceof OwnFault) throw error.error;
      failure = error;
    }
    const rest = Buffer.concat(pending, pendingBytes);
    if (rest.length > 0 && inParts + rest.length === upload.length) {
      // The last byte arrived: the rest is the last part, which may be short.
      await cutPart(rest);
    } else if (rest.length > 0 && (fresh || parts.length > recordedParts.length)) {
      await this.staging.putSmall(this.tailName(upload.id, parts.length), rest);
      await step(inParts + rest.length, {
        tail_bytes: rest.length,
        head_bytes: headUpTo(inParts + rest.length),
      });
    } else if (recorded === upload.offset) {
      // Nothing new: recorded all the same, so a rival writer's move is still seen (no expiry is extended).
      await step(upload.offset, undefined);
    }
    // A tail that went into a part is never read again; removing it is tidiness, not correctness.
    if (upload.tail_bytes > 0 && parts.length > recordedParts.length)
      await this.staging.delete(oldTail).catch(() => {});
    return { offset: recorded, ...(failure !== undefined && { failure }) };
  }

  async head(upload: PiecesOf, bytes: number): Promise<Buffer> {
    return Buffer.from(upload.head_bytes ?? '', 'base64').subarray(0, bytes);
  }

  /**
   * Completes the multipart upload (unless an earlier attempt did: the assembled object is there at full
   * length) and reads it once, to hash and type exactly the bytes S3 assembled.
   */
  async assemble(upload: PiecesOf): Promise<AssembledUpload> {
    const name = this.objectName(upload.id);
    if ((await this.staging.size(name)) !== upload.length) {
      const parts = JSON.parse(upload.s3_parts) as UploadedPart[];
      await this.staging.completeMultipart(name, requireUploadId(upload), parts);
    }
    const bytes = await inspectStream(await this.staging.read(name));
    if (bytes.size !== upload.length) {
      throw new Error(`Assembled upload ${upload.id} holds ${bytes.size} bytes, not ${upload.length}`);
    }
    return { bytes, source: { kind: 'staged', name } };
  }

  async remove(upload: UploadPiecesRef): Promise<void> {
    const name = this.objectName(upload.id);
    if (upload.s3_upload_id) await this.staging.abortMultipart(name, upload.s3_upload_id);
    for await (const object of this.staging.list(name)) await this.staging.delete(object.name);
  }

  async removeStrays(
    known: Map<string, string | null>,
    cutoff: number,
    dryRun: boolean,
  ): Promise<{ uploads: number; bytes: number }> {
    const strays = new Set<string>();
    let bytes = 0;
    for await (const object of this.staging.list()) {
      const id = uploadIdOf(object.name);
      if ((id && known.has(id)) || object.modifiedAt.getTime() > cutoff) continue;
      if (!dryRun) await this.staging.delete(object.name);
      strays.add(id ?? object.name);
      bytes += object.size;
    }
    try {
      for await (const multipart of this.staging.listMultipart()) {
        const id = uploadIdOf(multipart.name);
        // One its row does not name was started by a creation that crashed before recording it.
        if ((id && known.get(id) === multipart.uploadId) || multipart.initiated.getTime() > cutoff) continue;
        if (!dryRun) await this.staging.abortMultipart(multipart.name, multipart.uploadId);
        strays.add(id ?? multipart.name);
      }
    } catch (error) {
      // A store without ListMultipartUploads, or a key without the permission, must not stop the rest of gc;
      // the bucket's lifecycle rule (docs/deployment.md) aborts those uploads instead.
      if (!isRefused(error)) throw error;
    }
    return { uploads: strays.size, bytes };
  }
}

/** The store answered that it does not offer the call or does not allow it to this key. */
function isRefused(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
  return status === 403 || status === 405 || status === 501;
}

function requireUploadId(upload: PiecesOf): string {
  if (!upload.s3_upload_id) throw new Error(`Upload ${upload.id} has no S3 multipart upload`);
  return upload.s3_upload_id;
}

/** The upload id in `uploads/{id}` or `uploads/{id}.tail-N`. */
function uploadIdOf(name: string): string | undefined {
  return /^uploads\/([0-9a-f-]{36})(\.|$)/.exec(name)?.[1];
}
