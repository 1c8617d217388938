import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { MESSAGES, fileCategory, formatSize, type StoredFile } from '@cloudstash/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { countDownload, createUser, listAll, uploadFile, type Account } from './support/api';
import { FIXTURES } from './support/files';
import { checkScreen } from './support/screens';
import { expect, test } from './support/test';
import { PHONE } from './support/screens';
import {
  atPath,
  cellUnder,
  dataRows,
  expectWithinWidth,
  figureValues,
  orderInTable,
  orderOf,
  rowWith,
} from './support/ui';

const TILES = [
  'Total Files',
  'Images',
  'Videos',
  'Documents',
  'Others',
  'Total Size',
  'Downloads',
  'Contributors',
];

interface Arranged {
  tag: string;
  alice: Account;
  bob: Account;
  zeta: StoredFile;
  alpha: StoredFile;
  mid: StoredFile;
  beta: StoredFile;
  hidden: StoredFile;
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 25));

/**
 * Two uploaders and five files, all named after a tag no other test uses:
 * uploaded in the order zeta (PNG), alpha (PDF), mid (text), hidden (private), beta (JPEG, by Bob).
 */
async function arrange(page: Page, request: APIRequestContext): Promise<Arranged> {
  const tag = randomBytes(3).toString('hex');
  const alice = await createUser(page.request, 'Alice', `Aaron Uploader ${tag}`);
  const bob = await createUser(request, 'Bob', `Zed Uploader ${tag}`);
  const zeta = await uploadFile(page.request, FIXTURES.png, {
    filename: `${tag} zeta image`,
    isPublic: true,
  });
  await pause();
  const alpha = await uploadFile(page.request, FIXTURES.pdf, {
    filename: `${tag} alpha doc`,
    isPublic: true,
  });
  await pause();
  const mid = await uploadFile(page.request, FIXTURES.txt, { filename: `${tag} mid notes`, isPublic: true });
  await pause();
  const hidden = await uploadFile(page.request, FIXTURES.txt, { filename: `${tag} hidden`, isPublic: false });
  await pause();
  const beta = await uploadFile(request, FIXTURES.jpeg, { filename: `${tag} beta photo`, isPublic: true });
  for (let i = 0; i < 3; i++) await countDownload(page.request, zeta._id);
  await countDownload(page.request, alpha._id);
  for (let i = 0; i < 2; i++) await countDownload(request, beta._id);
  return { tag, alice, bob, zeta, alpha, mid, beta, hidden };
}

function filters(page: Page) {
  const main = page.getByRole('main');
  return {
    search: main
      .getByRole('searchbox', { name: /search/i })
      .or(main.getByRole('textbox', { name: /search/i })),
    category: main.getByRole('combobox', { name: /category/i }),
    uploader: main.getByRole('textbox', { name: /uploader/i }),
    fileId: main.getByRole('textbox', { name: /file id/i }),
    clear: main.getByRole('button', { name: 'Clear Filters' }),
  };
}

const showing = (x: number | string, y: number | string) => new RegExp(`Showing ${x} of ${y} public files`);

/** The eight tiles computed from the API's full list of public files. */
async function expectedTiles(request: APIRequestContext): Promise<Record<string, string>> {
  const files = await listAll<StoredFile>(request, '/files/public');
  const count = (c: string) => String(files.filter((f) => fileCategory(f.mimetype) === c).length);
  return {
    'Total Files': String(files.length),
    Images: count('image'),
    Videos: count('video'),
    Documents: count('document'),
    Others: count('other'),
    'Total Size': formatSize(files.reduce((sum, f) => sum + f.size, 0)),
    Downloads: String(files.reduce((sum, f) => sum + f.downloadCount, 0)),
    Contributors: String(new Set(files.map((f) => f.uploadedBy?._id)).size),
  };
}

test.describe('public files', () => {
  test('tiles count every public file and the list hides private files and emails', async ({
    page,
    request,
  }, testInfo) => {
    const a = await arrange(page, request);
    await page.goto('/dashboard/public-files');
    await expect(page.getByRole('heading', { name: 'Public Files', level: 1 })).toBeVisible();
    await expect(rowWith(page, a.beta.filename)).toBeVisible();

    // Other tests upload at the same time: compare with the API's list, reloading until both agree.
    await expect(async () => {
      const expected = await expectedTiles(page.request);
      await page.reload();
      await expect(rowWith(page, a.beta.filename)).toBeVisible();
      for (const tile of TILES) expect(await figureValues(page, tile), tile).toContain(expected[tile]);
    }).toPass({ timeout: 30_000 });

    await checkScreen(page, testInfo, 'public-files');

    const f = filters(page);
    await f.search.fill(a.tag);
    await expect(dataRows(page)).toHaveCount(4);
    await expect(rowWith(page, a.hidden.filename)).toHaveCount(0);
    // Uploaders' emails are not public.
    await expect(page.getByRole('main').getByText(a.alice.email)).toHaveCount(0);
    await expect(page.getByRole('main').getByText(a.bob.email)).toHaveCount(0);
    // X is the rows on screen, Y the files matching the filters (not every public file).
    await expect(page.getByText(showing(4, 4))).toBeVisible();

    // The uploader's name is shown on each row.
    await expect(rowWith(page, a.zeta.filename)).toContainText(a.alice.name);
    await expect(rowWith(page, a.beta.filename)).toContainText(a.bob.name);
  });

  test('search, category, uploader and file id filters narrow the list; Clear Filters resets them', async ({
    page,
    request,
  }) => {
    const a = await arrange(page, request);
    await page.goto('/dashboard/public-files');
    const f = filters(page);
    await expect(rowWith(page, a.beta.filename)).toBeVisible();

    // Free text matches the filename...
    await f.search.fill(`${a.tag} alpha`);
    await expect(dataRows(page)).toHaveCount(1);
    await expect(rowWith(page, a.alpha.filename)).toHaveCount(1);
    await expect(page.getByText(showing(1, '\\d+'))).toBeVisible();
    // ...or the uploader's name.
    await f.search.fill(a.bob.name);
    await expect(dataRows(page)).toHaveCount(1);
    await expect(rowWith(page, a.beta.filename)).toHaveCount(1);

    // Category.
    await f.search.fill(a.tag);
    await expect(dataRows(page)).toHaveCount(4);
    await f.category.selectOption('image');
    await expect(dataRows(page)).toHaveCount(2);
    expect((await orderInTable(page, [a.zeta.filename, a.beta.filename])).sort()).toEqual(
      [a.zeta.filename, a.beta.filename].sort(),
    );
    await f.category.selectOption('document');
    await expect(dataRows(page)).toHaveCount(2);
    await expect(rowWith(page, a.alpha.filename)).toHaveCount(1);
    await expect(rowWith(page, a.mid.filename)).toHaveCount(1);
    await f.category.selectOption('video');
    await expect(page.getByText(MESSAGES.noPublicFiles)).toBeVisible();
    await expect(page.getByText(showing(0, '\\d+'))).toBeVisible();
    await f.category.selectOption('other');
    await expect(page.getByText(MESSAGES.noPublicFiles)).toBeVisible();

    // Clear Filters empties every filter.
    await f.clear.click();
    await expect(f.search).toHaveValue('');
    await expect(f.category).toHaveValue('all');
    await expect(page.getByText(MESSAGES.noPublicFiles)).toHaveCount(0);
    await expect(rowWith(page, a.beta.filename)).toBeVisible();

    // Uploader name.
    await f.uploader.fill(a.alice.name);
    await expect(dataRows(page)).toHaveCount(3);
    await expect(rowWith(page, a.beta.filename)).toHaveCount(0);
    await expect(page.getByText(showing(3, '\\d+'))).toBeVisible();
    await f.clear.click();
    await expect(f.uploader).toHaveValue('');

    // File id.
    await f.fileId.fill(a.mid._id);
    await expect(dataRows(page)).toHaveCount(1);
    await expect(rowWith(page, a.mid.filename)).toHaveCount(1);
    await f.clear.click();
    await expect(f.fileId).toHaveValue('');
    await expect(rowWith(page, a.beta.filename)).toBeVisible();
  });

  test('sorting: newest first, a new column ascending, the same column toggles', async ({
    page,
    request,
  }) => {
    const a = await arrange(page, request);
    const names = [a.zeta, a.alpha, a.mid, a.beta].map((file) => file.filename);
    await page.goto('/dashboard/public-files');
    await filters(page).search.fill(a.tag);
    await expect(dataRows(page)).toHaveCount(4);
    const order = () => orderInTable(page, names);
    const header = (label: string) =>
      page.getByRole('columnheader').getByRole('button', { name: label, exact: true });

    // Default: createdAt descending.
    await expect.poll(order).toEqual([a.beta, a.mid, a.alpha, a.zeta].map((x) => x.filename));

    await header('File').click();
    await expect.poll(order).toEqual([a.alpha, a.beta, a.mid, a.zeta].map((x) => x.filename));
    await expect(page.getByRole('columnheader', { name: 'File', exact: true })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await header('File').click();
    await expect.poll(order).toEqual([a.zeta, a.mid, a.beta, a.alpha].map((x) => x.filename));

    await header('Size').click();
    await expect.poll(order).toEqual([a.mid, a.alpha, a.beta, a.zeta].map((x) => x.filename));
    await header('Size').click();
    await expect.poll(order).toEqual([a.zeta, a.beta, a.alpha, a.mid].map((x) => x.filename));

    await header('Downloads').click();
    await expect.poll(order).toEqual([a.mid, a.alpha, a.beta, a.zeta].map((x) => x.filename));

    // Uploader: Aaron's three files before Zed's one, then the other way round.
    await header('Uploader').click();
    await expect.poll(async () => (await order())[3]).toBe(a.beta.filename);
    await header('Uploader').click();
    await expect.poll(async () => (await order())[0]).toBe(a.beta.filename);

    await header('Uploaded').click();
    await expect.poll(order).toEqual([a.zeta, a.alpha, a.mid, a.beta].map((x) => x.filename));
    await header('Uploaded').click();
    await expect.poll(order).toEqual([a.beta, a.mid, a.alpha, a.zeta].map((x) => x.filename));
  });

  test('a row opens the preview and each row has its own Download', async ({ page, request }) => {
    const a = await arrange(page, request);
    await page.goto('/dashboard/public-files');
    await filters(page).search.fill(a.tag);
    await expect(dataRows(page)).toHaveCount(4);

    const downloadPromise = page.waitForEvent('download');
    await rowWith(page, a.beta.filename)
      .getByRole('button', { name: `Download ${a.beta.filename}` })
      .click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`${a.beta.filename}.jpg`);
    expect(readFileSync(await download.path())).toEqual(FIXTURES.jpeg.bytes);
    // The download is counted (2 before) and the list shows it.
    await expect(await cellUnder(page, rowWith(page, a.beta.filename), 'Downloads')).toHaveText('3');
    // Downloading did not open the preview.
    await expect(page).toHaveURL(atPath('/dashboard/public-files'));

    await rowWith(page, a.alpha.filename).getByRole('cell').nth(2).click();
    await expect(page).toHaveURL(atPath(`/dashboard/file/${a.alpha._id}`));
  });

  test('/dashboard/profile shows the public files screen too', async ({ page, user: _user }) => {
    await page.goto('/dashboard/profile');
    await expect(page.getByRole('heading', { name: 'Public Files', level: 1 })).toBeVisible();
    await expect(async () => {
      const expected = await expectedTiles(page.request);
      await page.reload();
      await expect(page.getByText(showing('\\d+', '\\d+'))).toBeVisible();
      expect(await figureValues(page, 'Contributors')).toContain(expected.Contributors);
    }).toPass({ timeout: 30_000 });
    await expect(page.getByText(showing('\\d+', '\\d+'))).toBeVisible();
  });

  test('on a phone each file is a card with its Download in reach; the sort control follows the same rules', async ({
    page,
    request,
  }) => {
    const a = await arrange(page, request);
    const names = [a.zeta, a.alpha, a.mid, a.beta].map((file) => file.filename);
    await page.setViewportSize(PHONE);
    await page.goto('/dashboard/public-files');
    await filters(page).search.fill(a.tag);
    const cards = page.getByRole('listitem').filter({ hasText: a.tag });
    await expect(cards).toHaveCount(4);
    const order = () => orderOf(cards, names);
    await expect.poll(order).toEqual([a.beta, a.mid, a.alpha, a.zeta].map((x) => x.filename));

    const sortBy = page.getByRole('combobox', { name: 'Sort by' });
    await sortBy.selectOption({ label: 'File' });
    await expect.poll(order).toEqual([a.alpha, a.beta, a.mid, a.zeta].map((x) => x.filename));
    await page.getByRole('button', { name: /^Order:/ }).click();
    await expect.poll(order).toEqual([a.zeta, a.mid, a.beta, a.alpha].map((x) => x.filename));
    await sortBy.selectOption({ label: 'Size' });
    await expect.poll(order).toEqual([a.mid, a.alpha, a.beta, a.zeta].map((x) => x.filename));

    for (const name of names) {
      await expectWithinWidth(
        page,
        cards.filter({ hasText: name }).getByRole('button', { name: /^Download/ }),
      );
    }
    const downloadPromise = page.waitForEvent('download');
    await cards
      .filter({ hasText: a.mid.filename })
      .getByRole('button', { name: /^Download/ })
      .click();
    expect((await downloadPromise).suggestedFilename()).toBe(`${a.mid.filename}.txt`);

    await cards.filter({ hasText: a.alpha.filename }).getByRole('link', { name: a.alpha.filename }).click();
    await expect(page).toHaveURL(atPath(`/dashboard/file/${a.alpha._id}`));
  });
});
