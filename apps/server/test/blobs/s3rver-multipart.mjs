// s3rver (3.7) implements CreateMultipartUpload, UploadPart and CompleteMultipartUpload but answers
// AbortMultipartUpload with 405 and ListMultipartUploads with 501, both of which the S3 store uses for
// resumable uploads. This adds the two calls over s3rver's own folder layout
// (`{directory}/{bucket}/._S3rver_uploads/{uploadId}/key`), so the tests exercise the real requests.
import fs from 'node:fs/promises';
import path from 'node:path';

const UPLOADS = '._S3rver_uploads';

async function uploadsOf(directory, bucket) {
  const dir = path.join(directory, bucket, UPLOADS);
  const ids = await fs.readdir(dir).catch(() => []);
  const found = [];
  for (const id of ids) {
    const key = await fs.readFile(path.join(dir, id, 'key'), 'utf8').catch(() => undefined);
    if (key === undefined) continue;
    const { birthtime } = await fs.stat(path.join(dir, id, 'key'));
    found.push({ id, key, initiated: birthtime });
  }
  return found.sort((a, b) => a.key.localeCompare(b.key) || a.id.localeCompare(b.id));
}

/** Koa middleware placed before s3rver's router (and after its XML encoder). */
export function multipartExtras(directory) {
  return async (ctx, next) => {
    const [, bucket, ...rest] = ctx.path.split('/');
    const key = decodeURIComponent(rest.join('/'));
    if (ctx.method === 'DELETE' && key && typeof ctx.query.uploadId === 'string') {
      const dir = path.join(directory, bucket, UPLOADS, path.basename(ctx.query.uploadId));
      try {
        await fs.access(path.join(dir, 'key'));
      } catch {
        ctx.status = 404;
        ctx.body = { Error: { Code: 'NoSuchUpload', Message: 'The specified upload does not exist.' } };
        return;
      }
      await fs.rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    if (ctx.method === 'GET' && bucket && !key && 'uploads' in ctx.query) {
      const prefix = typeof ctx.query.prefix === 'string' ? ctx.query.prefix : '';
      const uploads = (await uploadsOf(directory, bucket)).filter((u) => u.key.startsWith(prefix));
      ctx.body = {
        ListMultipartUploadsResult: {
          Bucket: bucket,
          Prefix: prefix,
          IsTruncated: false,
          Upload: uploads.map((u) => ({
            Key: u.key,
            UploadId: u.id,
            Initiated: u.initiated.toISOString(),
            StorageClass: 'STANDARD',
          })),
        },
      };
      return;
    }
    await next();
  };
}
