import type { Readable } from 'node:stream';
import type { BlobSource } from '../blobs/blob-store';
import type { PieceColumns, ResumableUploadRow, UploadPiecesRef } from '../repositories/resumable-uploads';
import type { ByteTally, InspectedBytes } from './ingest';

/** A request carried more bytes than its upload has room for; every store of pieces fails with this. */
export class UploadOverrunError extends Error {}

/** What a store of pieces reads off an upload's row. */
export type PiecesOf = Pick<
  ResumableUploadRow,
  'id' | 'offset' | 'length' | 's3_upload_id' | 's3_parts' | 'tail_bytes' | 'head_bytes'
>;

/** Bytes that became durable: the upload's new offset and, on S3, the row's new piece columns. */
export interface PieceStep {
  offset: number;
  pieces?: Partial<PieceColumns>;
}

export interface AppendOptions {
  /** Bytes the upload still has room for; a request with more fails with UploadOverrunError. */
  room: number;
  /** Sees every accepted chunk in order (a running hash). */
  observe?: (chunk: Buffer) => void;
  /** Records a durable step on the upload's row; throws when another writer moved the upload first. */
  record: (step: PieceStep) => Promise<void>;
}

export interface AppendResult {
  /** Bytes durably stored and recorded now: the upload's new offset. */
  offset: number;
  /** Why the request's bytes stopped early (client gone, overrun), after whatever arrived was kept. */
  failure?: unknown;
}

/** A whole upload, ready for Files.upload: what its bytes show and where they wait. */
export interface AssembledUpload {
  bytes: InspectedBytes;
  source: BlobSource;
}

/**
 * Where the pieces of resumable uploads wait until their last byte: a local file per upload
 * (PartialUploads, for the file system store) or the S3 bucket itself (S3UploadPieces), which every process
 * of a deployment reaches.
 */
export interface UploadPieces {
  /** True when any process may take an upload's next piece, so writers must be kept apart across processes. */
  readonly shared: boolean;
  /** Makes room for a new upload; what its row records about that. */
  begin(id: string): Promise<Pick<ResumableUploadRow, 's3_upload_id'>>;
  /** Appends one request's bytes at `upload.offset`, recording each durable step through `options.record`. */
  append(upload: PiecesOf, source: Readable, options: AppendOptions): Promise<AppendResult>;
  /** The first `bytes` bytes (fewer when fewer arrived). */
  head(upload: PiecesOf, bytes: number): Promise<Buffer>;
  /** Every byte arrived: puts them together and inspects them, with `tally` when it saw them all here. */
  assemble(upload: PiecesOf, tally?: ByteTally): Promise<AssembledUpload>;
  /** Removes everything an upload left; removing what is already gone is not an error. */
  remove(upload: UploadPiecesRef): Promise<void>;
  /**
   * Removes pieces that no upload row knows (`known` maps each row's id to its S3 upload id) once they are
   * older than `cutoff` (epoch ms): left by a crash during creation, or by an account removed.
   */
  removeStrays(
    known: Map<string, string | null>,
    cutoff: number,
    dryRun: boolean,
  ): Promise<{ uploads: number; bytes: number }>;
}
