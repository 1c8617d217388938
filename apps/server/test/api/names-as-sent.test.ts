import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { pdf, zip } from '../helpers/fixtures';
import { makeFolder, readZip } from '../helpers/folder-setup';
import { davCredentials, signedUp, startTestApp, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

/** Files whose bytes are not what their extension says: a Keynote deck is a zip, an Illustrator file a PDF. */
const STUDIO = [
  { name: 'Pitch deck.key', bytes: zip() },
  { name: 'Logo final.ai', bytes: pdf('logo') },
  { name: 'render.mov', bytes: crypto.randomBytes(4096) },
];
const NAMES = STUDIO.map((f) => f.name).sort();
const WAYS_IN = ['Form', 'Batch', 'Tus', 'WebDAV', 'Link'] as const;

const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (value: string) => Buffer.from(value).toString('base64');
const withoutExtension = (name: string) => name.slice(0, name.lastIndexOf('.'));
const dispositionName = (header: string | null) => /filename="([^"]*)"/.exec(header ?? '')?.[1];

/**
 * On a drive (ALLOWED_UPLOAD_TYPES=any) a name is what the person gave, extension included, by every way in:
 * the web form (which sends the name without its extension in `filename`, as the web app does), a batch,
 * tus, WebDAV and an upload link; listed, searched, zipped and downloaded exactly so. The bytes decide only
 * how they are served, and nothing is refused for its type.
 */
describe.each(DIALECTS)('names kept as sent on an any-type instance (%s)', (dialect) => {
  let t: TestApp;
  let owner: TestClient;
  const folders = {} as Record<(typeof WAYS_IN)[number], string>;

  const listed = async (folderId: string) =>
    (await owner.get(`/api/v1/files/user-files?folderId=${folderId}&limit=200`)).body.data as Array<{
      _id: string;
      filename: string;
      downloadName: string;
      mimetype: string;
    }>;

  beforeAll(async () => {
    t = await startTestApp(dialect, { env: { ALLOWED_UPLOAD_TYPES: 'any' } });
    owner = await signedUp(t, { name: 'Studio' });
    for (const way of WAYS_IN) folders[way] = await makeFolder(owner, way);

    for (const file of STUDIO) {
      const sent = await owner.upload({
        bytes: file.bytes,
        name: file.name,
        type: '',
        filename: withoutExtension(file.name),
        folderId: folders.Form,
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    }
    const batch = await owner.uploadBatch(
      STUDIO.map((file) => ({ bytes: file.bytes, name: file.name, type: '', folderId: folders.Batch })),
    );
    expect(batch.status, JSON.stringify(batch.body)).toBe(200);
    for (const file of STUDIO) {
      const created = await owner.request('POST', '/api/v1/uploads', {
        headers: {
          ...TUS,
          'upload-length': String(file.bytes.length),
          'upload-metadata': [
            `filename ${b64(withoutExtension(file.name))}`,
            `originalName ${b64(file.name)}`,
            `folderId ${b64(folders.Tus)}`,
          ].join(','),
          'content-type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(file.bytes),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    const auth = await davCredentials(owner);
    for (const file of STUDIO) {
      const put = await fetch(`${t.baseUrl}/dav/WebDAV/${encodeURIComponent(file.name)}`, {
        method: 'PUT',
        body: new Uint8Array(file.bytes),
        headers: { authorization: auth },
      });
      expect(put.status).toBe(201);
    }
    const link = await owner.post(`/api/v1/folders/${folders.Link}/requests`, { label: 'Client files' });
    expect(link.status).toBe(201);
    for (const file of STUDIO) {
      const form = new FormData();
      form.append('uploaderName', 'A client');
      form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
      const sent = await t
        .client()
        .request('POST', `/api/v1/r/${link.body.data.token}/files`, { body: form });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    }
  });
  afterAll(() => t.close());

  it.each(WAYS_IN)(
    'keeps every name exactly as sent through %s, in the list and as the download name',
    async (way) => {
      const files = await listed(folders[way]);
      expect(files.map((f) => f.filename).sort()).toEqual(NAMES);
      expect(files.map((f) => f.downloadName).sort()).toEqual(NAMES);
    },
  );

  it.each(WAYS_IN)('downloads each file sent through %s under its name, with its bytes', async (way) => {
    for (const file of await listed(folders[way])) {
      const link = await owner.get(`/api/v1/files/f/${file._id}/download`);
      const download = await owner.get(link.body.data.url);
      expect(download.status).toBe(200);
      expect(dispositionName(download.headers.get('content-disposition'))).toBe(file.filename);
      expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(download.bytes.equals(STUDIO.find((s) => s.name === file.filename)!.bytes)).toBe(true);
    }
  });

  it('serves bytes no detector knows as an attachment of no particular type, whatever the name says', async () => {
    const render = (await listed(folders.Form)).find((f) => f.filename === 'render.mov')!;
    expect(render.mimetype).toBe('application/octet-stream');
    const preview = await owner.get(`/api/v1/files/f/${render._id}/content`);
    expect(preview.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(preview.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('zips every name as it is, adding no extension', async () => {
    const made = await owner.post('/api/v1/files/zip', { folderIds: Object.values(folders) });
    expect(made.status).toBe(200);
    const entries = await readZip((await owner.get(made.body.data.url)).bytes);
    expect(entries.map((e) => e.name).sort()).toEqual(
      WAYS_IN.flatMap((way) => NAMES.map((n) => `${way}/${n}`)).sort(),
    );
    const logo = entries.find((e) => e.name === 'Link/Logo final.ai')!;
    expect(logo.bytes.equals(STUDIO[1]!.bytes)).toBe(true);
  });

  it('finds a file by its whole name, extension included', async () => {
    const found = await owner.get(
      `/api/v1/files/user-files?q=${encodeURIComponent('Pitch deck.key')}&limit=50`,
    );
    expect(found.status).toBe(200);
    const names = (found.body.data as Array<{ filename: string }>).map((f) => f.filename);
    expect(names).toHaveLength(WAYS_IN.length);
    expect(new Set(names)).toEqual(new Set(['Pitch deck.key']));
  });
});
