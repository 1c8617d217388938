import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { makeFolder } from '../helpers/folder-setup';
import { signedUp, startTestApp, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

const MB = 1024 * 1024;
const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (value: string) => Buffer.from(value).toString('base64');

/**
 * Resumable uploads through an upload link are the link's, never the owner's: anonymous visitors who start
 * uploads and send nothing fill the link's place in flight, not the owner's, and closing the link ends them.
 */
describe.each(DIALECTS)('upload-link uploads in flight (%s)', (dialect) => {
  let t: TestApp;
  let owner: TestClient;
  let token = '';
  let linkId = '';

  const tusCreate = (client: TestClient, url: string, length: number) =>
    client.request('POST', url, {
      headers: {
        ...TUS,
        'upload-length': String(length),
        'upload-metadata': `filename ${b64('clip.mp4')},uploaderName ${b64('Robin')}`,
      },
    });
  const ownUpload = () => tusCreate(owner, '/api/v1/uploads', 5 * MB);
  const visitorUpload = () => tusCreate(t.client(), `/api/v1/r/${token}/uploads`, 5 * MB);

  beforeAll(async () => {
    t = await startTestApp(dialect, {
      env: {
        MAX_UPLOAD_BYTES: String(64 * MB),
        RESUMABLE_MAX_IN_FLIGHT: '4',
        RESUMABLE_MAX_IN_FLIGHT_BYTES: String(20 * MB),
        ALLOWED_UPLOAD_TYPES: 'any',
      },
    });
    owner = await signedUp(t);
    const made = await owner.post(`/api/v1/folders/${await makeFolder(owner, 'Inbox')}/requests`, {
      label: 'Drop box',
    });
    expect(made.status).toBe(201);
    ({ token, _id: linkId } = made.body.data);
  });
  afterAll(() => t.close());

  it('four visitors’ uploads that send nothing fill the link’s place, and the owner still uploads', async () => {
    for (let i = 0; i < 4; i++) expect((await visitorUpload()).status).toBe(201);
    const fifth = await visitorUpload();
    expect(fifth.status).toBe(429);
    expect(fifth.body.message).toBe(MESSAGES.uploadsInFlightTooMany);

    const mine = await ownUpload();
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    expect((await owner.request('DELETE', mine.headers.get('location')!, { headers: TUS })).status).toBe(204);
  });

  it('the owner’s own uploads in flight hold back none of the link’s visitors either', async () => {
    const other = await owner.post(`/api/v1/folders/${await makeFolder(owner, 'Second inbox')}/requests`, {
      label: 'Second',
    });
    const mine = [];
    for (let i = 0; i < 4; i++) mine.push(await ownUpload());
    expect(mine.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect((await ownUpload()).status).toBe(429);
    const visitor = await tusCreate(t.client(), `/api/v1/r/${other.body.data.token}/uploads`, 5 * MB);
    expect(visitor.status).toBe(201);
    for (const answer of mine)
      expect((await owner.request('DELETE', answer.headers.get('location')!, { headers: TUS })).status).toBe(
        204,
      );
  });

  it('closing the link ends its uploads in flight and frees what they held', async () => {
    const held = await t.db
      .selectFrom('resumable_uploads')
      .select('id')
      .where('request_id', '=', linkId)
      .execute();
    expect(held).toHaveLength(4);
    expect((await owner.delete(`/api/v1/requests/${linkId}`)).status).toBe(200);
    const left = await t.db
      .selectFrom('resumable_uploads')
      .select('id')
      .where('request_id', '=', linkId)
      .execute();
    expect(left).toEqual([]);
  });

  it('an expired link’s uploads in flight go in the next maintenance sweep', async () => {
    const made = await owner.post(`/api/v1/folders/${await makeFolder(owner, 'Third inbox')}/requests`, {
      label: 'Third',
    });
    const { token: third, _id: thirdId } = made.body.data;
    expect((await tusCreate(t.client(), `/api/v1/r/${third}/uploads`, 5 * MB)).status).toBe(201);
    await t.db
      .updateTable('links')
      .set({ expires_at: new Date(t.clock.now() - 1000).toISOString() })
      .where('id', '=', thirdId)
      .execute();
    const report = await t.services.maintenance.gc({ graceMs: 0 });
    expect(report.abandonedUploads).toBeGreaterThanOrEqual(1);
    const left = await t.db
      .selectFrom('resumable_uploads')
      .select('id')
      .where('request_id', '=', thirdId)
      .execute();
    expect(left).toEqual([]);
  });
});
