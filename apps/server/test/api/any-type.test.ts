import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED_MIME_TYPES, ANY_FILE_TYPE, MESSAGES, unsupportedTypeMessage } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { png, text, zip } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import type { TestClient, UploadInput } from '../helpers/test-client';

/** Markup that runs a script wherever a browser renders it on its own. */
const SCRIPTED = {
  html: text('<!doctype html><html><body><script>document.title = "ran"</script>Hello</body></html>'),
  svg: text(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>document.title = "ran"</script></svg>',
  ),
  xml: text(
    '<?xml version="1.0"?><root xmlns:h="http://www.w3.org/1999/xhtml"><h:script>document.title = "ran"</h:script></root>',
  ),
};

/** Bytes no detector recognises and that are not text. */
const unknownBinary = () => Buffer.concat([Buffer.from([0x00, 0xff, 0x13, 0x37]), Buffer.alloc(300, 0xfe)]);

const tus = { 'tus-resumable': '1.0.0' };
const b64 = (value: string) => Buffer.from(value).toString('base64');

/** One whole tus upload in a single creation-with-upload request; answers the creation's answer. */
async function tusUpload(client: TestClient, bytes: Buffer, metadata: Record<string, string>) {
  const answer = await client.request('POST', '/api/v1/uploads', {
    headers: {
      ...tus,
      'upload-length': String(bytes.length),
      'upload-metadata': Object.entries(metadata)
        .map(([key, value]) => `${key} ${b64(value)}`)
        .join(','),
      'content-type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(bytes),
  });
  return { answer, fileId: answer.headers.get('upload-file-id') };
}

/** The headers a signed download link and a signed-in preview answer the file's bytes with. */
async function servedHeaders(client: TestClient, fileId: string) {
  const preview = await client.get(`/api/v1/files/f/${fileId}/content`);
  const link = await client.get(`/api/v1/files/f/${fileId}/download`);
  const download = await client.get(link.body.data.url);
  return { preview, download };
}

const dispositionName = (header: string | null) => /filename="([^"]*)"/.exec(header ?? '')?.[1];

describe.each(DIALECTS)('any file type, where the instance allows it (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestClient;
  let owner: TestClient;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = t.client();
    await admin.signUp({ name: 'Admin' });
    owner = t.client();
    await owner.signUp({ name: 'Owner' });
  });
  afterAll(() => t.close());

  const setMode = async (mode: 'media' | 'any') =>
    (await admin.patch('/api/v1/admin/settings', { allowedUploadTypes: mode })).body;
  const upload = async (input: UploadInput) => {
    const answer = await owner.upload(input);
    return answer;
  };

  describe('on a media-only instance (the default)', () => {
    beforeAll(() => setMode('media'));

    it('says so in the config and the settings, from the environment until an administrator stores it', async () => {
      const config = await t.client().get('/api/v1/config');
      expect(config.body.data.allowedTypes).toEqual([...ALLOWED_MIME_TYPES]);
      const settings = await admin.get('/api/v1/admin/settings');
      expect(settings.body.data.allowedUploadTypes).toBe('media');
    });

    it('refuses markup and other types with the spec message, as before', async () => {
      const html = await upload({ bytes: SCRIPTED.html, name: 'page.html', type: 'text/html' });
      expect(html.status).toBe(415);
      expect(html.body.message).toBe(unsupportedTypeMessage('text/html'));
      const archive = await upload({ bytes: zip(), name: 'archive.zip', type: 'application/zip' });
      expect(archive.status).toBe(415);
      expect(archive.body.message).toBe(unsupportedTypeMessage('application/zip'));
      const svg = await upload({ bytes: SCRIPTED.svg, name: 'logo.svg', type: '' });
      expect(svg.status).toBe(415);
      expect(svg.body.message).toBe(unsupportedTypeMessage('image/svg+xml'));
    });

    it('refuses them on the resumable path too, at their first bytes', async () => {
      const { answer } = await tusUpload(owner, SCRIPTED.html, { filename: 'page.html' });
      expect(answer.status).toBe(415);
      expect(answer.body.message).toBe(unsupportedTypeMessage('text/html'));
    });

    it('keeps the extension a text file came with: budget.csv, notes.md and data.json download as themselves', async () => {
      for (const [name, content] of [
        ['budget.csv', 'month,total\nJan,12\n'],
        ['notes.md', '# Notes\n\n- one\n'],
        ['data.json', '{"a": 1}\n'],
      ] as const) {
        const answer = await upload({ bytes: text(content), name, type: '' });
        expect(answer.status).toBe(201);
        expect(answer.body.data).toMatchObject({ filename: name, mimetype: 'text/plain' });
        const { download } = await servedHeaders(owner, answer.body.data._id);
        expect(dispositionName(download.headers.get('content-disposition'))).toBe(name);
        expect(download.bytes.toString()).toBe(content);
      }
    });

    it('keeps it under a typed name, and drops only the extension a download adds anyway', async () => {
      // text/csv is what a browser declares for a .csv: the bytes are plain text, which it does not contradict.
      const typed = await upload({
        bytes: text('a,b\n'),
        name: 'budget.csv',
        type: 'text/csv',
        filename: 'Q3',
      });
      expect(typed.status).toBe(201);
      expect(typed.body.data).toMatchObject({ filename: 'Q3.csv', mimetype: 'text/plain' });
      const named = await upload({ bytes: text('a,b\n'), name: 'budget.csv', type: '', filename: 'Q3.tsv' });
      expect(named.body.data.filename).toBe('Q3.tsv');
      const photo = await upload({ bytes: png(3), name: 'IMG_1.png', type: 'image/png' });
      expect(photo.body.data.filename).toBe('IMG_1');
      const notes = await upload({ bytes: text('hello'), name: 'notes.txt', type: 'text/plain' });
      expect(notes.body.data.filename).toBe('notes');
      const disguised = await upload({ bytes: text('hello'), name: 'notes.png', type: '' });
      expect(disguised.body.data.filename).toBe('notes');
    });

    it('keeps it on the resumable path, from the original name sent apart from the typed one', async () => {
      const { answer, fileId } = await tusUpload(owner, text('a,b\n1,2\n'), {
        filename: 'Q4',
        originalName: 'budget.csv',
      });
      expect(answer.status).toBe(201);
      expect((await owner.get(`/api/v1/files/f/${fileId}`)).body.data.filename).toBe('Q4.csv');
    });
  });

  describe('settings', () => {
    it('are changed by an administrator only, and a stored value wins over the environment', async () => {
      expect((await owner.patch('/api/v1/admin/settings', { allowedUploadTypes: 'any' })).status).toBe(403);
      expect((await admin.patch('/api/v1/admin/settings', { allowedUploadTypes: 'some' })).status).toBe(400);
      expect((await admin.patch('/api/v1/admin/settings', {})).status).toBe(400);
      const stored = await setMode('any');
      expect(stored.data).toMatchObject({ allowedUploadTypes: 'any', allowedUploadTypesSource: 'database' });
      // Registration is left as it was.
      expect(stored.data.registrationSource).toBe('environment');
      expect((await t.client().get('/api/v1/config')).body.data.allowedTypes).toEqual([ANY_FILE_TYPE]);
      await setMode('media');
      expect((await t.client().get('/api/v1/config')).body.data.allowedTypes).toEqual([
        ...ALLOWED_MIME_TYPES,
      ]);
    });
  });

  describe('on an instance that takes any file', () => {
    beforeAll(() => setMode('any'));
    afterAll(() => setMode('media'));

    it.each([
      ['page.html', 'text/html', SCRIPTED.html],
      ['logo.svg', 'image/svg+xml', SCRIPTED.svg],
      ['feed.xml', 'application/xml', SCRIPTED.xml],
    ] as const)(
      'stores %s as %s and serves it only as a sandboxed, unsniffed attachment',
      async (name, type, bytes) => {
        const answer = await upload({ bytes, name, type: '' });
        expect(answer.status).toBe(201);
        expect(answer.body.data).toMatchObject({ filename: name, mimetype: type, thumbnailPending: false });
        expect(answer.body.data.thumbnailUrl).toBeNull();
        const { preview, download } = await servedHeaders(owner, answer.body.data._id);
        for (const served of [preview, download]) {
          expect(served.status).toBe(200);
          expect(served.headers.get('content-disposition')).toMatch(/^attachment;/);
          expect(dispositionName(served.headers.get('content-disposition'))).toBe(name);
          expect(served.headers.get('x-content-type-options')).toBe('nosniff');
          expect(served.headers.get('content-security-policy')).toMatch(/(^|; )sandbox(;|$)/);
          expect(served.headers.get('content-security-policy')).toContain("default-src 'none'");
          expect(served.bytes.equals(bytes)).toBe(true);
        }
      },
    );

    it('takes the type of text named as markup from its extension, never showing it as text', async () => {
      const answer = await upload({
        bytes: text('just words <b>bold</b>'),
        name: 'words.html',
        type: 'text/html',
      });
      expect(answer.body.data).toMatchObject({ filename: 'words.html', mimetype: 'text/html' });
    });

    it('types other files by their bytes, then their extension, then as application/octet-stream', async () => {
      const archive = await upload({ bytes: zip(), name: 'archive.zip', type: 'application/zip' });
      expect(archive.status).toBe(201);
      expect(archive.body.data).toMatchObject({ filename: 'archive.zip', mimetype: 'application/zip' });
      const image = await upload({ bytes: unknownBinary(), name: 'disk.dmg', type: '' });
      expect(image.body.data).toMatchObject({
        filename: 'disk.dmg',
        mimetype: 'application/x-apple-diskimage',
      });
      const blob = await upload({ bytes: unknownBinary(), name: 'firmware.img', type: '' });
      expect(blob.body.data).toMatchObject({
        filename: 'firmware.img',
        mimetype: 'application/octet-stream',
      });
      const { download } = await servedHeaders(owner, blob.body.data._id);
      expect(dispositionName(download.headers.get('content-disposition'))).toBe('firmware.img');
      expect(download.headers.get('content-type')).toBe('application/octet-stream');
    });

    it("gives a typed name without an extension the chosen file's, and keeps a name whose bytes are something else", async () => {
      const typed = await upload({ bytes: zip(), name: 'archive.zip', type: '', filename: 'Backup' });
      expect(typed.body.data.filename).toBe('Backup.zip');
      const fake = await upload({ bytes: unknownBinary(), name: 'photo.jpg', type: '' });
      expect(fake.body.data).toMatchObject({ filename: 'photo.jpg', mimetype: 'application/octet-stream' });
      const { preview, download } = await servedHeaders(owner, fake.body.data._id);
      expect(dispositionName(download.headers.get('content-disposition'))).toBe('photo.jpg');
      expect(preview.headers.get('content-disposition')).toMatch(/^attachment;/);
    });

    it('refuses nothing for what it claims: markup sent as an image is kept under its name, served as markup', async () => {
      const answer = await upload({ bytes: SCRIPTED.html, name: 'cat.png', type: 'image/png' });
      expect(answer.status).toBe(201);
      expect(answer.body.data).toMatchObject({ filename: 'cat.png', mimetype: 'text/html' });
      const { preview } = await servedHeaders(owner, answer.body.data._id);
      expect(preview.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(preview.headers.get('content-security-policy')).toMatch(/(^|; )sandbox(;|$)/);
      // A browser's own name for a text format is not a disguise.
      const csv = await upload({ bytes: text('a,b\n'), name: 'budget.csv', type: 'text/csv' });
      expect(csv.status).toBe(201);
      expect(csv.body.data).toMatchObject({ filename: 'budget.csv', mimetype: 'text/plain' });
    });

    it('keeps previews and thumbnails for the types that have them', async () => {
      const photo = await upload({ bytes: png(7), name: 'photo.png', type: 'image/png' });
      expect(photo.body.data).toMatchObject({
        filename: 'photo.png',
        mimetype: 'image/png',
        thumbnailPending: true,
      });
      const { preview } = await servedHeaders(owner, photo.body.data._id);
      expect(preview.headers.get('content-disposition')).toMatch(/^inline;/);
      expect(preview.headers.get('x-content-type-options')).toBe('nosniff');
    });

    it('takes any file on the resumable path too, by the same rule', async () => {
      const { answer, fileId } = await tusUpload(owner, SCRIPTED.svg, {
        filename: 'Logo',
        originalName: 'logo.svg',
        filetype: 'image/svg+xml',
      });
      expect(answer.status).toBe(201);
      const file = (await owner.get(`/api/v1/files/f/${fileId}`)).body.data;
      expect(file).toMatchObject({ filename: 'Logo.svg', mimetype: 'image/svg+xml' });
      const { preview } = await servedHeaders(owner, fileId!);
      expect(preview.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(preview.headers.get('content-security-policy')).toMatch(/(^|; )sandbox(;|$)/);
    });

    it('answers an empty file with the usual refusal', async () => {
      const answer = await upload({ bytes: Buffer.alloc(0), name: 'empty.bin', type: '' });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(MESSAGES.emptyFile);
    });
  });

  describe('from the environment', () => {
    let anyT: TestApp;
    beforeAll(async () => {
      anyT = await startTestApp(dialect, { env: { ALLOWED_UPLOAD_TYPES: 'any' } });
    });
    afterAll(() => anyT.close());

    it('takes any file when ALLOWED_UPLOAD_TYPES=any, and says where the value comes from', async () => {
      const first = anyT.client();
      await first.signUp({ name: 'First' });
      expect((await first.get('/api/v1/admin/settings')).body.data).toMatchObject({
        allowedUploadTypes: 'any',
        allowedUploadTypesSource: 'environment',
      });
      expect((await anyT.client().get('/api/v1/config')).body.data.allowedTypes).toEqual([ANY_FILE_TYPE]);
      const answer = await first.upload({ bytes: zip(), name: 'archive.zip', type: 'application/zip' });
      expect(answer.status).toBe(201);
    });
  });
});
