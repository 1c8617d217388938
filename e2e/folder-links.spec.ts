import { THEME_STORAGE_KEY, LINK_MESSAGES, type Envelope, type SharedFolderView } from '@cloudstash/contract';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import yauzl from 'yauzl';
import { FIXTURES, uniqueMediaCopy, type Fixture } from './support/files';
import { overflowing } from './support/layout';
import { PHONE, checkScreen } from './support/screens';
import { expect, test } from './support/test';

// A folder shared by a link: a visitor without an account, on a phone, browses it, previews a file, walks into a
// subfolder and back, downloads a selection and the whole folder as zips, and cannot reach the folder above it.

async function makeFolder(request: APIRequestContext, name: string, parentId: string | null) {
  const answer = await request.post('/api/v1/folders', { data: { name, parentId } });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as Envelope<{ _id: string }>).data._id;
}

async function uploadInto(request: APIRequestContext, fixture: Fixture, filename: string, folderId: string) {
  const answer = await request.post('/api/v1/files/upload', {
    multipart: {
      filename,
      folderId,
      file: { name: fixture.name, mimeType: fixture.mimeType, buffer: fixture.bytes },
    },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/** The names of a zip's files (folders' own entries left out), read with a real zip reader. */
async function zipEntries(download: Download): Promise<string[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Buffer));
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(Buffer.concat(chunks), { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('not a zip'));
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!entry.fileName.endsWith('/')) names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names.sort()));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** Clicks `button` and answers the download it starts. */
async function downloadBy(page: Page, name: string): Promise<Download> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name, exact: true }).click();
  return download;
}

test('a visitor on a phone browses a shared folder, previews, zips a selection and the folder, and stays inside it', async ({
  page,
  browser,
  user,
}, testInfo) => {
  // Two themes' screen checks at two widths and three downloads: more than the default time on a busy machine.
  test.slow();
  // Parent ─ Holiday (the link) ─ beach, sunset, packing list, Day 1/ ─ tickets
  const parentId = await makeFolder(page.request, 'Parent', null);
  const holidayId = await makeFolder(page.request, 'Holiday', parentId);
  const dayId = await makeFolder(page.request, 'Day 1', holidayId);
  await uploadInto(page.request, FIXTURES.png, 'beach', holidayId);
  // A photo of its own bytes, so its thumbnail is made for this test and the card shows it.
  await uploadInto(page.request, uniqueMediaCopy(FIXTURES.jpeg, 'folder-link'), 'sunset', holidayId);
  await uploadInto(page.request, FIXTURES.txt, 'packing list', holidayId);
  await uploadInto(page.request, FIXTURES.pdf, 'tickets', dayId);
  // A limit and an expiry, so the header says both; the two zips below use 2 + 4 of the 20 downloads.
  const expiresAt = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
  const made = await page.request.post(`/api/v1/folders/${holidayId}/links`, {
    data: { maxDownloads: 20, expiresAt },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { url, token } = ((await made.json()) as Envelope<{ url: string; token: string }>).data;

  // Wait for the pictures' thumbnails, so the screenshots show them rather than the icons standing in.
  const listed = async () =>
    ((await (await page.request.get(`/api/v1/s/${token}`)).json()) as Envelope<SharedFolderView>).data;
  await expect
    .poll(async () => (await listed()).files.filter((f) => f.thumbnailUrl).length, { timeout: 30_000 })
    .toBe(2);
  const downloadName = Object.fromEntries((await listed()).files.map((f) => [f.filename, f.downloadName]));

  const visitorContext = await browser.newContext({ viewport: PHONE });
  const visitor = await visitorContext.newPage();
  await visitor.goto(url);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Holiday' })).toBeVisible();
  await expect(visitor).toHaveTitle('Shared Folder · CloudStash');
  await expect(visitor.getByText(`Shared by ${user.name}`)).toBeVisible();
  await expect(visitor.getByText(/^Link expires /)).toBeVisible();
  await expect(visitor.getByText(/^20 downloads left/)).toBeVisible();
  for (const name of ['beach', 'sunset', 'packing list']) {
    await expect(visitor.getByRole('button', { name, exact: true })).toBeVisible();
  }
  await expect(visitor.getByRole('link', { name: 'Day 1' })).toBeVisible();
  // A phone: two columns of cards, nothing past the screen's edge.
  const files = visitor.getByRole('region', { name: 'Files' }).getByRole('list');
  expect(await files.evaluate((list) => getComputedStyle(list).gridTemplateColumns.split(' ').length)).toBe(
    2,
  );
  expect(await overflowing(visitor)).toEqual([]);
  await checkScreen(visitor, testInfo, 'folder-link-dark');

  // By keyboard: a file's name opens its preview, Escape closes it, and focus is back on the name.
  const packing = visitor.getByRole('button', { name: 'packing list', exact: true });
  await packing.focus();
  await visitor.keyboard.press('Enter');
  const preview = visitor.getByRole('dialog', { name: 'packing list' });
  await expect(preview.getByLabel('Text of packing list')).toContainText(
    FIXTURES.txt.bytes.toString('utf8').split('\n')[0]!,
  );
  await checkScreen(visitor, testInfo, 'folder-link-preview');
  await visitor.keyboard.press('Escape');
  await expect(preview).toBeHidden();
  await expect(packing).toBeFocused();

  // Into the subfolder and back out through the breadcrumbs; the folder lives in the address.
  await visitor.getByRole('link', { name: 'Day 1' }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Day 1' })).toBeVisible();
  await expect(visitor).toHaveURL(new RegExp(`[?&]folder=${dayId}`));
  await expect(visitor.getByRole('button', { name: 'tickets', exact: true })).toBeVisible();
  const crumbs = visitor.getByRole('navigation', { name: 'Folder path' });
  await expect(crumbs.getByText('Day 1', { exact: true })).toHaveAttribute('aria-current', 'page');
  await checkScreen(visitor, testInfo, 'folder-link-subfolder');
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Day 1' })).toBeVisible();
  await crumbs.getByRole('link', { name: 'Holiday' }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Holiday' })).toBeVisible();
  await expect(visitor).not.toHaveURL(/[?&]folder=/);

  // Two files ticked make one zip of those two.
  await visitor.getByRole('checkbox', { name: 'Select beach' }).check();
  await visitor.getByRole('checkbox', { name: 'Select sunset' }).check();
  await expect(visitor.getByText('2 selected')).toBeVisible();
  const selected = await downloadBy(visitor, 'Download selected');
  expect(selected.suggestedFilename()).toMatch(/\.zip$/);
  expect(await zipEntries(selected)).toEqual([downloadName.beach, downloadName.sunset].sort());
  // Each file in the zip counted one, and the page reads the link again to say so.
  await expect(visitor.getByText(/^18 downloads left/)).toBeVisible();

  // The whole folder, its subfolder inside.
  const all = await downloadBy(visitor, 'Download all');
  expect(all.suggestedFilename()).toBe('Holiday.zip');
  expect(await zipEntries(all)).toEqual(
    [
      `Holiday/${downloadName.beach}`,
      `Holiday/${downloadName.sunset}`,
      `Holiday/${downloadName['packing list']}`,
      'Holiday/Day 1/tickets.pdf',
    ].sort(),
  );
  await expect(visitor.getByText(/^14 downloads left/)).toBeVisible();

  // The light theme, checked the same way.
  await visitor.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    THEME_STORAGE_KEY,
    'light',
  ] as const);
  await visitor.reload();
  await expect(visitor.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Holiday' })).toBeVisible();
  await checkScreen(visitor, testInfo, 'folder-link-light');

  // The folder above the shared one, typed into the address, is out of reach like a dead link.
  await visitor.goto(`${url}?folder=${parentId}`);
  await expect(visitor.getByRole('heading', { name: LINK_MESSAGES.linkUnavailable })).toBeVisible();
  await expect(visitor.getByText('Parent')).toHaveCount(0);
  await visitorContext.close();
});
