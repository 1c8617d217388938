import type { Envelope } from '@cloudstash/contract';
import type { APIRequestContext, Browser } from '@playwright/test';
import { createUser } from './support/api';
import { BASE_URL } from './support/env';
import { FIXTURES } from './support/files';
import { PHONE } from './support/screens';
import { expect, test } from './support/test';

// An editor the owner let share further sees Share on the shared folder, its subfolders and its files, as the
// server lets them; an editor without that leave sees none.

const SIGNED_OUT = { baseURL: BASE_URL, storageState: { cookies: [], origins: [] } };

async function personInOwnBrowser(browser: Browser, label: string) {
  const context = await browser.newContext(SIGNED_OUT);
  const account = await createUser(context.request, label);
  return { context, page: await context.newPage(), account };
}

async function post(request: APIRequestContext, path: string, data: object) {
  const answer = await request.post(`/api/v1${path}`, { data });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as Envelope<{ _id: string }>).data._id;
}

test('an editor who may reshare sees Share on what was shared; one who may not sees none', async ({
  browser,
}, testInfo) => {
  const owner = await personInOwnBrowser(browser, 'Owner');
  const resharer = await personInOwnBrowser(browser, 'Resharer');
  const editor = await personInOwnBrowser(browser, 'Editor');
  const trip = await post(owner.context.request, '/folders', { name: 'Trip', parentId: null });
  await post(owner.context.request, '/folders', { name: 'Day 1', parentId: trip });
  const fixture = FIXTURES.txt;
  const upload = await owner.context.request.post('/api/v1/files/upload', {
    multipart: {
      filename: 'plan',
      folderId: trip,
      file: { name: fixture.name, mimeType: fixture.mimeType, buffer: fixture.bytes },
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  await post(owner.context.request, '/shares', {
    folderId: trip,
    userId: resharer.account.id,
    role: 'editor',
    reshare: true,
  });
  await post(owner.context.request, '/shares', { folderId: trip, userId: editor.account.id, role: 'editor' });

  const page = resharer.page;
  await page.goto(`/dashboard/shared-with-me/${trip}`);
  await expect(page.getByRole('heading', { name: 'Trip', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Share with people…' })).toBeVisible();
  await expect(
    page
      .getByRole('button', { name: /^Share plan/ })
      .locator('visible=true')
      .first(),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Actions for folder Day 1' }).click();
  await expect(
    page
      .getByRole('list', { name: 'Folders' })
      .getByRole('button', { name: 'Share with people…', exact: true }),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('resharer-desktop.png') });
  await page.setViewportSize(PHONE);
  await page.keyboard.press('Escape');
  await page.screenshot({ path: testInfo.outputPath('resharer-phone.png'), fullPage: true });

  const plain = editor.page;
  await plain.goto(`/dashboard/shared-with-me/${trip}`);
  await expect(plain.getByRole('heading', { name: 'Trip', level: 1 })).toBeVisible();
  await expect(
    plain
      .getByRole('button', { name: /^Rename plan/ })
      .locator('visible=true')
      .first(),
  ).toBeVisible();
  await expect(plain.getByRole('button', { name: 'Share with people…' })).toHaveCount(0);
  await expect(plain.getByRole('button', { name: /^Share plan/ })).toHaveCount(0);
  for (const person of [owner, resharer, editor]) await person.context.close();
});
