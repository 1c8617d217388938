import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/services/clock';
import { SignedUrls } from '../../src/services/signed-urls';
import { DIALECTS } from '../helpers/dialects';
import { png } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

const SECRET = 'a secret given in the settings';

describe.each(DIALECTS)('APP_SECRET from the settings (%s)', (dialect) => {
  let t: TestApp;
  let owner: TestClient;

  beforeAll(async () => {
    // Given to loadConfig only, never to process.env: the server must take it from its settings.
    t = await startTestApp(dialect, { env: { APP_SECRET: SECRET } });
    owner = t.client();
    await owner.signUp();
  });
  afterAll(() => t.close());

  it('signs download links with the configured secret and keeps no generated one in DATA_DIR', async () => {
    const bytes = png(321);
    const file = (await owner.upload({ bytes })).body.data;
    // A link another process with the same APP_SECRET would issue.
    const link = new SignedUrls(Buffer.from(SECRET, 'utf8'), 60_000, systemClock).create(
      file._id,
      owner.user!._id,
    );
    const answer = await t.client().get(link);
    expect(answer.status).toBe(200);
    expect(answer.bytes.equals(bytes)).toBe(true);
    expect(fs.existsSync(path.join(t.dataDir, 'app-secret'))).toBe(false);
  });
});
