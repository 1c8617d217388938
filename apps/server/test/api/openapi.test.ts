import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { startTestApp, type TestApp } from '../helpers/test-app';

interface Schema {
  type?: string;
  format?: string;
  enum?: string[];
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
}
interface Operation {
  parameters?: { in: string; name: string; required: boolean; description?: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
}

/**
 * The OpenAPI document at /api/docs describes every body and header a client must send, the upload form and
 * the tus protocol included, so a script writer need not read the code to upload.
 */
describe.each(DIALECTS)('the OpenAPI document (%s)', (dialect) => {
  let t: TestApp;
  let doc: OpenApi;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const answer = await t.client().get<OpenApi>('/api/docs/json');
    expect(answer.status).toBe(200);
    doc = answer.body;
  });
  afterAll(() => t.close());

  const operation = (path: string, method: string) => {
    const found = doc.paths[`/api/v1${path}`]?.[method];
    expect(found, `${method.toUpperCase()} ${path}`).toBeDefined();
    return found!;
  };
  const headers = (op: Operation) =>
    Object.fromEntries((op.parameters ?? []).filter((p) => p.in === 'header').map((p) => [p.name, p]));

  it('describes the upload form: the file part and its two fields', () => {
    const form = operation('/files/upload', 'post').requestBody?.content['multipart/form-data']?.schema;
    expect(form?.properties?.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(form?.properties?.filename).toMatchObject({ type: 'string' });
    expect(form?.properties?.isPublic?.enum).toEqual(expect.arrayContaining(['true', 'false']));
    expect(form?.required).toEqual(['file']);
  });

  it('describes the batch form: the fields that go before each file part, and its limits', () => {
    const form = operation('/files/upload-batch', 'post').requestBody?.content['multipart/form-data']?.schema;
    expect(form?.properties?.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(form?.properties?.file?.description).toContain('at most 32 files and 8 MB');
    expect(Object.keys(form?.properties ?? {}).sort()).toEqual(['file', 'filename', 'folderId', 'isPublic']);
  });

  it('describes the edit form in each encoding it is read from', () => {
    const content = operation('/files/update/{id}', 'patch').requestBody?.content ?? {};
    expect(Object.keys(content).sort()).toEqual([
      'application/json',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
    ]);
    for (const { schema } of Object.values(content)) {
      expect(Object.keys(schema.properties ?? {})).toEqual(['filename', 'isPublic', 'folderId']);
      // A name is required unless the edit only moves the file, which the schema alone cannot say.
      expect(schema.required ?? []).toEqual([]);
    }
  });

  it('describes the headers and bytes that create a resumable upload', () => {
    const create = operation('/uploads', 'post');
    const sent = headers(create);
    expect(sent['Tus-Resumable']).toMatchObject({ required: true, schema: { enum: ['1.0.0'] } });
    expect(sent['Upload-Length']).toMatchObject({ required: true, schema: { pattern: '^\\d+$' } });
    expect(sent['Upload-Metadata']?.required).toBe(false);
    for (const key of ['`filename`', '`filetype`', '`isPublic`'])
      expect(sent['Upload-Metadata']?.description).toContain(key);
    expect(create.requestBody?.content['application/offset+octet-stream']?.schema).toMatchObject({
      type: 'string',
      format: 'binary',
    });
  });

  it('describes the headers and bytes that append to one, and the header its status and end need', () => {
    const append = operation('/uploads/{id}', 'patch');
    const sent = headers(append);
    expect(sent['Tus-Resumable']?.required).toBe(true);
    expect(sent['Upload-Offset']).toMatchObject({ required: true, schema: { pattern: '^\\d+$' } });
    expect(sent['Content-Type']).toMatchObject({
      required: true,
      schema: { enum: ['application/offset+octet-stream'] },
    });
    expect(append.requestBody?.content['application/offset+octet-stream']?.schema.format).toBe('binary');
    for (const method of ['head', 'delete'])
      expect(headers(operation('/uploads/{id}', method))['Tus-Resumable']?.required).toBe(true);
  });
});
