import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES, booleanText } from '@cloudstash/contract';
import { AppError } from '../errors';
import { folderField } from './multipart-upload';

export const TUS_VERSION = '1.0.0';
export const TUS_EXTENSIONS = 'creation,creation-with-upload,termination,expiration';
export const OFFSET_CONTENT_TYPE = 'application/offset+octet-stream';

const WHOLE_NUMBER = /^\d{1,16}$/;

/** A tus byte count header (Upload-Length, Upload-Offset): digits only, within the safe integers. */
export function byteCountHeader(request: FastifyRequest, name: string, message: string): number {
  const raw = request.headers[name];
  const value = typeof raw === 'string' && WHOLE_NUMBER.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value)) throw new AppError('VALIDATION_FAILED', message);
  return value;
}

/** Every request but OPTIONS names the protocol version it speaks; anything else is 412 with ours. */
export function requireTusVersion(request: FastifyRequest, reply: FastifyReply): void {
  void reply.header('Tus-Resumable', TUS_VERSION);
  if (request.method === 'OPTIONS') return;
  if (request.headers['tus-resumable'] !== TUS_VERSION) {
    throw new AppError('PRECONDITION_FAILED', MESSAGES.tusVersionUnsupported, undefined, {
      'Tus-Version': TUS_VERSION,
    });
  }
}

/**
 * Upload-Metadata: comma-separated `key base64value` pairs (the value may be absent). We read `filename`,
 * `originalName` (the chosen file's own name, when `filename` is a typed one), `filetype`, `isPublic`,
 * `folderId` and `uploaderName` (through an upload link); a pair that is not of that form is a 400.
 */
export function parseUploadMetadata(header: string | undefined): {
  filename?: string;
  originalName?: string;
  declaredType?: string;
  isPublic: boolean;
  folderId: string | null;
  uploaderName?: string;
} {
  const pairs = new Map<string, string>();
  for (const pair of (header ?? '').split(',')) {
    if (!pair.trim()) continue;
    const [key, value = '', extra] = pair.trim().split(' ');
    if (!key || extra !== undefined || !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) {
      throw new AppError('VALIDATION_FAILED', 'Upload-Metadata is malformed');
    }
    pairs.set(key, Buffer.from(value, 'base64').toString('utf8'));
  }
  const isPublic = booleanText.safeParse(pairs.get('isPublic') ?? 'false');
  return {
    filename: pairs.get('filename'),
    originalName: pairs.get('originalName'),
    declaredType: pairs.get('filetype'),
    isPublic: isPublic.success && isPublic.data,
    folderId: folderField(pairs.get('folderId')),
    uploaderName: pairs.get('uploaderName'),
  };
}

/** The headers every answer about one upload carries; Upload-File-Id once it became a file. */
export function describeUpload(
  reply: FastifyReply,
  progress: { offset: number; fileId?: string; expiresAt: string },
): FastifyReply {
  void reply.header('Upload-Offset', String(progress.offset));
  if (progress.fileId) return reply.header('Upload-File-Id', progress.fileId);
  return reply.header('Upload-Expires', httpDate(progress.expiresAt));
}

/** Upload-Expires is an HTTP date. */
export const httpDate = (iso: string) => new Date(iso).toUTCString();

/** Whether a request carries upload bytes (a PATCH, or a POST that creates with upload). */
export const carriesUploadBytes = (contentType: string | undefined) =>
  contentType?.split(';')[0]?.trim() === OFFSET_CONTENT_TYPE;

/**
 * What every tus endpoint of a plugin shares: the bytes are streamed to disk by the service, never buffered
 * (the parser hands the request on untouched); every request but OPTIONS names the protocol version; and
 * OPTIONS on `url` answers what the server supports.
 */
export function speakTus(app: FastifyInstance, url: string, maxUploadBytes: number, tags: string[]): void {
  app.addContentTypeParser(OFFSET_CONTENT_TYPE, (_request, _payload, done) => done(null));
  app.addHook('onRequest', async (request, reply) => requireTusVersion(request, reply));
  app.options(url, { schema: { tags, hide: true } }, async (_request, reply) =>
    reply
      .status(204)
      .header('Tus-Version', TUS_VERSION)
      .header('Tus-Extension', TUS_EXTENSIONS)
      .header('Tus-Max-Size', String(maxUploadBytes))
      .send(),
  );
}
