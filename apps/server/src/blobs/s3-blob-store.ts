import fs from 'node:fs';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { Transform, type Readable } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import {
  BLOB_KEY_PATTERN,
  DERIVED_NAME_PATTERN,
  DERIVED_PREFIX,
  type BlobSource,
  type BlobStore,
  type ByteRange,
} from './blob-store';
import { S3Staging } from './s3-staging';

export interface S3BlobStoreOptions {
  /** Omit for AWS itself; the base URL of any other S3-compatible service (MinIO, R2, Garage, Ceph...). */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style URLs (endpoint/bucket/key): what MinIO, Garage and Ceph expect by default. */
  forcePathStyle: boolean;
  /** Objects live under this prefix, so the bucket may hold other things too. */
  prefix?: string;
  /** Milliseconds to open a TCP connection before giving up on an attempt. */
  connectTimeoutMs?: number;
  /** Keys per ListObjectsV2 page (tests make it small to exercise pagination). */
  listPageSize?: number;
}

/** Why the store cannot be used, in words an operator can act on; thrown by init() at start-up. */
export class BlobStoreUnavailableError extends Error {}

const DEFAULT_PREFIX = 'blobs/';
/** Small requests (head, list, delete) must answer within this, or the attempt counts as failed. */
const SMALL_REQUEST_TIMEOUT_MS = 10_000;
/** A stalled socket (no byte either way) is abandoned after this; long enough for a paused video download. */
const SOCKET_IDLE_TIMEOUT_MS = 120_000;
/** An upload from the local temporary file may take this long plus a second per MB. */
const PUT_BASE_TIMEOUT_MS = 60_000;
const PUT_ATTEMPTS = 3;

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string })?.name;
  return name === 'NotFound' || name === 'NoSuchKey' || name === 'NoSuchBucket' || statusOf(error) === 404;
}

/** Network failures, timeouts, throttling and 5xx may pass; 4xx answers (bad credentials, bad request) will not. */
function isRetryable(error: unknown): boolean {
  const status = statusOf(error);
  if (status === undefined) return true;
  return status === 429 || status >= 500;
}

function describe(error: unknown): string {
  if (error instanceof S3ServiceException) {
    return `${error.name} (HTTP ${error.$metadata.httpStatusCode ?? '?'})${error.message && error.message !== error.name ? `: ${error.message}` : ''}`;
  }
  const e = error as { code?: string; name?: string; message?: string; errors?: Array<{ message?: string }> };
  // Node reports a refused connection to localhost (IPv4 and IPv6 tried) as an AggregateError with no message.
  const message = e?.message || e?.errors?.map((x) => x.message).join('; ') || String(error);
  return [e?.code, message].filter(Boolean).join(' ');
}

/** Passes on `length` bytes of `source` after skipping `skip`, then stops reading it. */
function sliceStream(source: Readable, skip: number, length: number): Readable {
  let position = 0;
  const slice = new Transform({
    transform(chunk: Buffer, _enc, done) {
      const from = Math.max(skip - position, 0);
      const to = Math.min(skip + length - position, chunk.length);
      position += chunk.length;
      if (to > from) this.push(chunk.subarray(from, to));
      if (position >= skip + length) {
        this.push(null);
        source.destroy();
      }
      done();
    },
  });
  source.on('error', (error) => slice.destroy(error));
  return source.pipe(slice);
}

/**
 * Blobs in any S3-compatible object store, one object per SHA-256 under `blobs/`. PutObject is atomic on every
 * real S3 implementation (the object appears whole or not at all), which is what `put` relies on; the
 * deduplication protocol (services/blob-references.ts) serialises the puts and deletes of one key through its
 * database row lock, so the store itself needs no locking.
 */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  /** Uploads are retried here with a fresh file stream: the SDK cannot rewind a stream body it has consumed. */
  private readonly putClient: S3Client;
  private readonly prefix: string;
  /** Where resumable uploads are assembled, under `{prefix}uploads/` of the same bucket. */
  readonly staging: S3Staging;

  constructor(private readonly options: S3BlobStoreOptions) {
    this.prefix = options.prefix ?? DEFAULT_PREFIX;
    const agentOptions = { keepAlive: true, maxSockets: 64 };
    // Options rather than a NodeHttpHandler instance: the SDK builds its own, so no transitive import is needed.
    const requestHandler = {
      connectionTimeout: options.connectTimeoutMs ?? 3000,
      requestTimeout: SMALL_REQUEST_TIMEOUT_MS,
      throwOnRequestTimeout: true,
      socketTimeout: SOCKET_IDLE_TIMEOUT_MS,
      httpAgent: new HttpAgent(agentOptions),
      httpsAgent: new HttpsAgent(agentOptions),
    };
    const base: S3ClientConfig = {
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      requestHandler,
      // Checksum trailers (aws-chunked bodies) are not understood by several S3-compatible servers; the
      // bytes are already verified against their SHA-256 by us, on upload and on every whole read.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    this.client = new S3Client({ ...base, maxAttempts: 3 });
    this.putClient = new S3Client({ ...base, maxAttempts: 1 });
    this.staging = new S3Staging(this.client, options.bucket, this.prefix);
  }

  private objectKey(key: string): string {
    if (!BLOB_KEY_PATTERN.test(key)) throw new Error(`Invalid blob key ${key}`);
    return `${this.prefix}${key}`;
  }

  /** Derived files sit under `{prefix}thumbs/`, one level below the blobs, which list() therefore skips. */
  private derivedKey(name: string): string {
    if (!DERIVED_NAME_PATTERN.test(name)) throw new Error(`Invalid derived file name ${name}`);
    return `${this.prefix}${DERIVED_PREFIX}${name}`;
  }

  private get where(): string {
    return `bucket "${this.options.bucket}" at ${this.options.endpoint ?? `AWS S3 (${this.options.region})`}`;
  }

  /**
   * Checks that the bucket answers with these credentials, within `timeoutMs` all told. A missing bucket is
   * created only when `createBucket` is set (the migrate command's --create-bucket); the server never does.
   */
  async init({ createBucket = false, timeoutMs = 10_000 } = {}): Promise<void> {
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.options.bucket }), { abortSignal: signal });
      return;
    } catch (error) {
      if (signal.aborted) {
        throw new BlobStoreUnavailableError(
          `S3 store unreachable: no answer from ${this.where} within ${timeoutMs / 1000} s (check S3_ENDPOINT)`,
        );
      }
      const status = statusOf(error);
      if (isNotFound(error)) {
        if (!createBucket) {
          throw new BlobStoreUnavailableError(
            `S3 bucket missing: ${this.where} does not exist; create it first (see docs/deployment.md)`,
          );
        }
      } else if (status === 403 || status === 401) {
        throw new BlobStoreUnavailableError(
          `S3 access denied to ${this.where}: check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the key's permissions`,
        );
      } else if (status === 301 || status === 400) {
        throw new BlobStoreUnavailableError(
          `S3 refused the request for ${this.where} (${describe(error)}): check S3_REGION and S3_FORCE_PATH_STYLE`,
        );
      } else {
        throw new BlobStoreUnavailableError(`S3 store unreachable at ${this.where}: ${describe(error)}`);
      }
    }
    try {
      await this.client.send(new CreateBucketCommand({ Bucket: this.options.bucket }), {
        abortSignal: signal,
      });
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') {
        throw new BlobStoreUnavailableError(`Could not create S3 ${this.where}: ${describe(error)}`);
      }
    }
  }

  private async head(key: string): Promise<{ size: number } | undefined> {
    try {
      const answer = await this.client.send(
        new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }),
      );
      return { size: answer.ContentLength ?? -1 };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  /**
   * Uploads from a temporary file, or copies a staged object on the store's side, and leaves the source in
   * place: its creator removes it (BlobStore.put).
   */
  async put(key: string, source: BlobSource, size: number): Promise<void> {
    // An object of the right size is these very bytes (the key is their hash and PutObject is atomic); one of
    // another size can only be a torn write by a non-atomic store, and is replaced.
    if ((await this.head(key))?.size === size) return;
    if (source.kind === 'staged') return this.staging.copyTo(source.name, this.objectKey(key), size);
    const tempPath = source.path;
    const checksum = Buffer.from(key, 'hex').toString('base64');
    for (let attempt = 1; ; attempt++) {
      const body = fs.createReadStream(tempPath);
      try {
        await this.putClient.send(
          new PutObjectCommand({
            Bucket: this.options.bucket,
            Key: this.objectKey(key),
            Body: body,
            ContentLength: size,
            ContentType: 'application/octet-stream',
            // The store verifies the bytes it received against their SHA-256 (stores that do not know the
            // header ignore it).
            ChecksumSHA256: checksum,
          }),
          { requestTimeout: PUT_BASE_TIMEOUT_MS + Math.ceil(size / 1_000_000) * 1000 },
        );
        return;
      } catch (error) {
        if (attempt >= PUT_ATTEMPTS || !isRetryable(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
      } finally {
        body.destroy();
      }
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== undefined;
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const answer = await this.client.send(
      new GetObjectCommand({
        Bucket: this.options.bucket,
        Key: this.objectKey(key),
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    // In Node the SDK's body is the HTTP response itself, an IncomingMessage.
    const body = answer.Body as Readable;
    if (!range) return body;
    const wanted = range.end - range.start + 1;
    const served = /^bytes (\d+)-(\d+)\//.exec(answer.ContentRange ?? '');
    if (served && Number(served[1]) === range.start && answer.ContentLength === wanted) return body;
    // Some S3-compatible servers ignore or misread a range (s3rver answers `bytes=0-0` with everything);
    // a response that sends more than asked would corrupt the 206 we are writing, so cut it to size here.
    return sliceStream(body, range.start - (served ? Number(served[1]) : 0), wanted);
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(
        new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }),
      );
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  async *list(): AsyncIterable<{ key: string; size: number; modifiedAt: Date }> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.options.bucket,
          Prefix: this.prefix,
          // Blobs are the direct children of the prefix; derived files one level down are not listed here.
          Delimiter: '/',
          ContinuationToken: token,
          MaxKeys: this.options.listPageSize ?? 1000,
        }),
      );
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(this.prefix.length);
        if (!key || !BLOB_KEY_PATTERN.test(key)) continue;
        yield { key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async putDerived(name: string, bytes: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.derivedKey(name),
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: 'application/octet-stream',
      }),
    );
  }

  async readDerived(name: string): Promise<Readable> {
    const answer = await this.client.send(
      new GetObjectCommand({ Bucket: this.options.bucket, Key: this.derivedKey(name) }),
    );
    return answer.Body as Readable;
  }

  async deleteDerived(name: string): Promise<void> {
    try {
      await this.client.send(
        new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.derivedKey(name) }),
      );
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  async *listDerived(): AsyncIterable<{ name: string; size: number; modifiedAt: Date }> {
    const prefix = `${this.prefix}${DERIVED_PREFIX}`;
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.options.bucket,
          Prefix: prefix,
          ContinuationToken: token,
          MaxKeys: this.options.listPageSize ?? 1000,
        }),
      );
      for (const object of page.Contents ?? []) {
        const name = object.Key?.slice(prefix.length);
        if (!name || !DERIVED_NAME_PATTERN.test(name)) continue;
        yield { name, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** The readiness check's probe: fails when the bucket does not answer within `timeoutMs`. */
  async ping({ timeoutMs = 5000 } = {}): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.options.bucket }), {
      abortSignal: AbortSignal.timeout(timeoutMs),
    });
  }

  /** Lets a short-lived process (tests, the CLI) exit without waiting for idle keep-alive sockets. */
  destroy(): void {
    this.client.destroy();
    this.putClient.destroy();
  }
}
