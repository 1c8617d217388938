import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  UploadPartCommand,
  UploadPartCopyCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { UPLOADS_PREFIX } from './blob-store';

/** A part of a multipart upload as CompleteMultipartUpload needs it back, with its size for our offsets. */
export interface UploadedPart {
  number: number;
  etag: string;
  size: number;
}

/** `uploads/{uuid}` and the small objects beside it (`uploads/{uuid}.tail-3`). */
const STAGED_NAME = /^uploads\/[0-9a-f-]{36}(\.[a-z0-9-]{1,32})?$/;

/** CopyObject takes sources up to 5 GiB; larger ones are copied in parts of this size (UploadPartCopy). */
const SINGLE_COPY_LIMIT = 5 * 1024 ** 3;
const COPY_PART_BYTES = 1024 ** 3;

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string })?.name;
  return name === 'NotFound' || name === 'NoSuchKey' || name === 'NoSuchUpload' || statusOf(error) === 404;
}

/**
 * The part of an S3 bucket where resumable uploads are assembled (`{prefix}uploads/`): multipart uploads,
 * the small objects that carry a piece shorter than a part between requests, and the assembled object that
 * the blob store then copies into place server-side. Names here are relative to the store's prefix.
 */
export class S3Staging {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly prefix: string,
  ) {}

  private key(name: string): string {
    if (!STAGED_NAME.test(name)) throw new Error(`Invalid staged object name ${name}`);
    return `${this.prefix}${name}`;
  }

  async startMultipart(name: string): Promise<string> {
    const answer = await this.client.send(
      new CreateMultipartUploadCommand({
        Bucket: this.bucket,
        Key: this.key(name),
        ContentType: 'application/octet-stream',
      }),
    );
    if (!answer.UploadId) throw new Error('The S3 store started a multipart upload without an id');
    return answer.UploadId;
  }

  async uploadPart(name: string, uploadId: string, number: number, bytes: Buffer): Promise<UploadedPart> {
    const answer = await this.client.send(
      new UploadPartCommand({
        Bucket: this.bucket,
        Key: this.key(name),
        UploadId: uploadId,
        PartNumber: number,
        Body: bytes,
        ContentLength: bytes.length,
      }),
    );
    return { number, etag: answer.ETag ?? '', size: bytes.length };
  }

  async completeMultipart(name: string, uploadId: string, parts: UploadedPart[]): Promise<void> {
    await this.client.send(
      new CompleteMultipartUploadCommand({
        Bucket: this.bucket,
        Key: this.key(name),
        UploadId: uploadId,
        MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.number, ETag: p.etag })) },
      }),
    );
  }

  /** Drops a multipart upload and its parts; one already completed or aborted is not an error. */
  async abortMultipart(name: string, uploadId: string): Promise<void> {
    try {
      await this.client.send(
        new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: this.key(name), UploadId: uploadId }),
      );
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  /** Multipart uploads under `uploads/` that were never completed nor aborted. */
  async *listMultipart(): AsyncIterable<{ name: string; uploadId: string; initiated: Date }> {
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const page = await this.client.send(
        new ListMultipartUploadsCommand({
          Bucket: this.bucket,
          Prefix: `${this.prefix}${UPLOADS_PREFIX}`,
          KeyMarker: keyMarker,
          UploadIdMarker: uploadIdMarker,
        }),
      );
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId) continue;
        yield {
          name: upload.Key.slice(this.prefix.length),
          uploadId: upload.UploadId,
          initiated: upload.Initiated ?? new Date(0),
        };
      }
      const more = page.IsTruncated === true;
      keyMarker = more ? page.NextKeyMarker : undefined;
      uploadIdMarker = more ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
  }

  /** A small object, replaced whole (PutObject is atomic). */
  async putSmall(name: string, bytes: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.key(name),
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: 'application/octet-stream',
      }),
    );
  }

  /** The first `bytes` bytes of a small object (it may hold more: see S3UploadPieces). */
  async readSmall(name: string, bytes: number): Promise<Buffer> {
    if (bytes === 0) return Buffer.alloc(0);
    const chunks: Buffer[] = [];
    let length = 0;
    for await (const chunk of await this.read(name)) {
      chunks.push(chunk as Buffer);
      length += (chunk as Buffer).length;
    }
    const whole = Buffer.concat(chunks, length);
    if (whole.length < bytes) throw new Error(`Staged object ${name} is shorter than recorded`);
    return whole.subarray(0, bytes);
  }

  async read(name: string): Promise<Readable> {
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(name) }));
    return answer.Body as Readable;
  }

  async size(name: string): Promise<number | undefined> {
    try {
      const answer = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(name) }),
      );
      return answer.ContentLength;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async delete(name: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(name) }));
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  /** Every object under `uploads/` (names relative to the prefix), for removal and gc. */
  async *list(under = UPLOADS_PREFIX): AsyncIterable<{ name: string; size: number; modifiedAt: Date }> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: `${this.prefix}${under}`,
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        yield {
          name: object.Key.slice(this.prefix.length),
          size: object.Size ?? 0,
          modifiedAt: object.LastModified ?? new Date(0),
        };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /**
   * Copies a staged object to `targetKey` (a full key) inside the bucket, on the store's side: CopyObject up
   * to 5 GiB, a multipart upload of UploadPartCopy ranges above (CopyObject refuses larger sources).
   */
  async copyTo(name: string, targetKey: string, size: number): Promise<void> {
    // CopySource is a URL path: a prefix with spaces or non-ASCII letters must arrive encoded.
    const source = `${this.bucket}/${this.key(name).split('/').map(encodeURIComponent).join('/')}`;
    if (size <= SINGLE_COPY_LIMIT) {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: targetKey,
          CopySource: source,
          ContentType: 'application/octet-stream',
          MetadataDirective: 'REPLACE',
        }),
      );
      return;
    }
    const started = await this.client.send(
      new CreateMultipartUploadCommand({
        Bucket: this.bucket,
        Key: targetKey,
        ContentType: 'application/octet-stream',
      }),
    );
    const uploadId = started.UploadId!;
    try {
      const parts = [];
      for (let start = 0, number = 1; start < size; start += COPY_PART_BYTES, number++) {
        const end = Math.min(start + COPY_PART_BYTES, size) - 1;
        const answer = await this.client.send(
          new UploadPartCopyCommand({
            Bucket: this.bucket,
            Key: targetKey,
            UploadId: uploadId,
            PartNumber: number,
            CopySource: source,
            CopySourceRange: `bytes=${start}-${end}`,
          }),
        );
        parts.push({ PartNumber: number, ETag: answer.CopyPartResult?.ETag });
      }
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: targetKey,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (error) {
      await this.client
        .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: targetKey, UploadId: uploadId }))
        .catch(() => {});
      throw error;
    }
  }
}
