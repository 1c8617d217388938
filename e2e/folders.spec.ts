import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MESSAGES, THEME_STORAGE_KEY } from '@cloudstash/contract';
import type { Locator, Page } from '@playwright/test';
import { FIXTURES } from './support/files';
import { DESKTOP, PHONE, checkScreen } from './support/screens';
import { expect, test } from './support/test';
import { dropFiles } from './support/ui';

// My Files as a drive: a folder of 30 files in 3 subfolders dropped in through the folder picker, the tree seen
// and walked, a subfolder moved, a selection downloaded as a zip, and everything deleted, on a desktop in a
// dark theme and on a phone in a light one.

const DAYS = ['Day 1', 'Day 2', 'Day 3'];
const FILES_PER_DAY = 10;

/** Trip/Day n/note-n-i.txt on disk, each with its own bytes (so no two are one stored content). */
function tripFolder(root: string, tag: string): string {
  const trip = join(root, 'Trip');
  DAYS.forEach((day, d) => {
    mkdirSync(join(trip, day), { recursive: true });
    for (let i = 0; i < FILES_PER_DAY; i += 1) {
      writeFileSync(join(trip, day, `note-${d + 1}-${i}.txt`), `${tag} day ${d + 1} note ${i}\n`.repeat(20));
    }
  });
  return trip;
}

const panel = (page: Page) => page.getByRole('region', { name: 'Uploads' });
const folderTile = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Folders' }).getByRole('listitem').filter({ hasText: name });
const fileLink = (page: Page, name: string) =>
  page.getByRole('main').getByRole('link', { name, exact: true });

async function folderAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for folder ${name}` }).click();
  await folderTile(page, name).getByRole('button', { name: action }).click();
}

/** The visible one of a row's name links (the table on wide screens, the cards on phones). */
const shown = (locator: Locator) => locator.locator('visible=true').first();

for (const { theme, size, label } of [
  { theme: 'dark', size: DESKTOP, label: 'desktop' },
  { theme: 'light', size: PHONE, label: 'phone' },
] as const) {
  test(`folders on a ${label}: upload a folder tree, walk it, move, zip and delete`, async ({
    page,
    user: _user,
  }, testInfo) => {
    test.setTimeout(400_000);
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      THEME_STORAGE_KEY,
      theme,
    ] as const);
    await page.setViewportSize(size);
    const trip = tripFolder(testInfo.outputPath('upload'), `${label}-${Date.now()}`);

    await page.goto('/dashboard/my-files');
    await expect(page.getByText(MESSAGES.noFilesUploaded)).toBeVisible();
    await page.getByTestId('upload-folder-input').setInputFiles(trip);
    await expect(panel(page).getByText('30 of 30 uploaded · all done')).toBeVisible({ timeout: 60_000 });

    // The tree: Trip at the top, its three days inside, ten notes in each.
    await expect(folderTile(page, 'Trip')).toBeVisible();
    await expect(panel(page).getByText('Done', { exact: true })).toHaveCount(30);
    await checkScreen(page, testInfo, `folders-upload-panel-${label}`);
    await panel(page).getByRole('button', { name: 'Clear' }).click();
    await expect(panel(page)).toHaveCount(0);
    await folderTile(page, 'Trip').getByRole('link', { name: 'Trip' }).click();
    await expect(page).toHaveURL(/[?&]folder=/);
    const crumbs = page.getByRole('navigation', { name: 'Folder path' });
    await expect(crumbs).toContainText('My Files');
    await expect(crumbs.getByText('Trip', { exact: true })).toHaveAttribute('aria-current', 'page');
    for (const day of DAYS) await expect(folderTile(page, day)).toBeVisible();
    await checkScreen(page, testInfo, `folders-tree-${label}`);

    await folderTile(page, 'Day 2').getByRole('link', { name: 'Day 2' }).click();
    await expect(shown(fileLink(page, 'note-2-0'))).toBeVisible();
    await expect(
      page
        .getByRole('main')
        .getByRole('link', { name: /^note-2-\d$/ })
        .locator('visible=true'),
    ).toHaveCount(FILES_PER_DAY);
    // Back returns to Trip, and a reload keeps the folder.
    await page.goBack();
    await expect(folderTile(page, 'Day 2')).toBeVisible();
    await page.reload();
    await expect(folderTile(page, 'Day 3')).toBeVisible();

    // Move Day 3 into Day 1 with the folder picker (the way a phone moves things).
    await folderAction(page, 'Day 3', 'Move to…');
    const move = page.getByRole('dialog', { name: 'Move Day 3' });
    await move.getByRole('button', { name: 'Day 1' }).click();
    await expect(move.getByRole('navigation', { name: 'Destination path' })).toContainText('Day 1');
    await move.getByRole('button', { name: 'Move here' }).click();
    await expect(folderTile(page, 'Day 3')).toHaveCount(0);
    await folderTile(page, 'Day 1').getByRole('link', { name: 'Day 1' }).click();
    await expect(folderTile(page, 'Day 3')).toBeVisible();
    await crumbs.getByRole('link', { name: 'Trip' }).click();
    await expect(folderTile(page, 'Day 2')).toBeVisible();

    // Select Day 1 (holding Day 3) and Day 2 with a shift range, and download them as one zip.
    await page.getByRole('checkbox', { name: 'Select folder Day 1' }).click();
    await page.getByRole('checkbox', { name: 'Select folder Day 2' }).click({ modifiers: ['Shift'] });
    await expect(page.getByRole('toolbar', { name: 'Selection' })).toContainText('2 selected');
    const zipAnswer = page.waitForResponse((r) => r.url().endsWith('/api/v1/files/zip'));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download zip' }).click();
    expect((await zipAnswer).status()).toBe(200);
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/\.zip$/);
    const zip = await readAll(saved);
    expect(zip.subarray(0, 4).toString('binary')).toBe('PK\u0003\u0004');
    for (let i = 0; i < FILES_PER_DAY; i += 1) {
      for (const entry of [`Day 1/note-1-${i}.txt`, `Day 2/note-2-${i}.txt`, `Day 1/Day 3/note-3-${i}.txt`]) {
        expect(zip.includes(Buffer.from(entry)), entry).toBe(true);
      }
    }

    // Loose files dropped on the screen land in the folder on screen.
    await dropFiles(page, page.getByTestId('drop-zone'), [FIXTURES.png]);
    await expect(shown(fileLink(page, FIXTURES.png.stem))).toBeVisible({ timeout: 30_000 });
    // On a phone the panel lies over the bottom of the screen: cleared once done, it gives the rows back.
    await panel(page).getByRole('button', { name: 'Clear' }).click();
    await expect(panel(page)).toHaveCount(0);

    // Select all and delete: Trip is empty; then Trip itself goes, and My Files is the spec's empty screen.
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    await page
      .getByRole('dialog', { name: 'Delete 3 items?' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expect(page.getByText('This folder is empty')).toBeVisible();
    await crumbs.getByRole('link', { name: 'My Files' }).click();
    await folderAction(page, 'Trip', 'Delete');
    await page
      .getByRole('dialog', { name: 'Delete Folder?' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expect(page.getByText(MESSAGES.noFilesUploaded)).toBeVisible();
  });
}

test('keyboard: a new folder is made, named, refused when taken, and opened without a mouse', async ({
  page,
  user: _user,
}, testInfo) => {
  await page.goto('/dashboard/my-files');
  await expect(page.getByRole('heading', { name: 'My Files', level: 1 })).toBeVisible();
  const newFolder = page.getByRole('button', { name: 'New folder' });
  for (const name of ['Invoices', 'invoices']) {
    await newFolder.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New Folder' });
    await expect(page.getByLabel('Folder name')).toBeFocused();
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    if (name === 'Invoices') {
      await expect(dialog).toHaveCount(0);
    } else {
      // Two folders in one place cannot share a name, whatever the case: the refusal stays in the dialog.
      await expect(dialog.getByRole('alert')).toHaveText('A folder with this name already exists here');
      await checkScreen(page, testInfo, 'folders-name-taken');
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }
  }
  const link = folderTile(page, 'Invoices').getByRole('link', { name: 'Invoices' });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('This folder is empty')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Folder path' })).toContainText('Invoices');
});

async function readAll(download: { createReadStream(): Promise<NodeJS.ReadableStream> }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
