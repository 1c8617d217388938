import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { RUN_DIR } from './env';
import { PHONE } from './screens';

// The steps the upload-link specs share: the owner's link dialogs in My Files, and a visitor's phone.

export const folderTile = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Folders' }).getByRole('listitem').filter({ hasText: name });

/** The owner makes `folder` at My Files' top, through the New folder button. */
export async function makeFolderThroughUi(page: Page, folder: string) {
  await page.goto('/dashboard/my-files');
  await page.getByRole('button', { name: 'New folder' }).click();
  await page.getByLabel('Folder name').fill(folder);
  await page.keyboard.press('Enter');
  await expect(folderTile(page, folder)).toBeVisible();
}

/** Chooses `item` ('Public link…', 'Upload link…') in the folder's menu. */
export async function chooseFolderAction(page: Page, folder: string, item: string) {
  await page.getByRole('button', { name: `Actions for folder ${folder}` }).click();
  await folderTile(page, folder).getByRole('button', { name: item, exact: true }).click();
}

/** The owner makes `folder` at My Files' top and opens its upload links from the folder's menu. */
export async function openUploadLinksOfNewFolder(page: Page, folder: string): Promise<Locator> {
  await makeFolderThroughUi(page, folder);
  await chooseFolderAction(page, folder, 'Upload link…');
  const dialog = page.getByRole('dialog', { name: `Upload links of ${folder}` });
  await expect(dialog.getByText('No upload links to this folder yet.')).toBeVisible();
  return dialog;
}

/** In the open dialog's form: a new link with a label, a message and a file limit; returns its address. */
export async function createUploadLink(
  page: Page,
  { label, message, maxFiles }: { label: string; message: string; maxFiles: number },
): Promise<string> {
  const form = page.getByRole('dialog', { name: /^New upload link to / });
  await form.getByLabel('Label').fill(label);
  await form.getByLabel('Message (optional)').fill(message);
  await form.getByLabel('File limit (optional)').fill(String(maxFiles));
  await form.getByRole('button', { name: 'Create', exact: true }).click();
  const ready = page.getByRole('dialog', { name: 'Upload link ready' });
  const url = await ready.getByRole('textbox', { name: 'Upload link' }).inputValue();
  expect(url).toMatch(/\/r\/[A-Za-z0-9_-]{43}$/);
  return url;
}

/** A browser with no account on a phone, at the link. */
export async function phoneVisitorAt(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await page.goto(url);
  return { context, page };
}

/** The visitor's chosen files, as the page's own file input takes them. */
export const chooseFiles = (page: Page, paths: string[]) =>
  page.getByTestId('upload-link-input').setInputFiles(paths);

/** One file's row in the visitor's list. */
export const visitorRow = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Your files' }).getByRole('listitem').filter({ hasText: name });

/** How far the row's bar has gone (0 when there is no bar). */
export const rowPercent = async (row: Locator) =>
  Number(
    (await row
      .getByRole('progressbar')
      .getAttribute('value')
      .catch(() => null)) ?? 0,
  );

/** Slows the page's uploads to `bytesPerSecond` (-1: no limit), so a test can catch one partway. */
export async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

/**
 * Reloads while files are still going: the page asks before it lets them go, and the person says leave. The
 * asking needs the page to have been used (typed into), which it has.
 */
export async function reloadMidUpload(page: Page) {
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
}

/** A plain-text file of `bytes`, written in the run's temporary directory (never committed). */
export function textFileOfSize(name: string, bytes: number): string {
  const dir = join(RUN_DIR, randomUUID());
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  // Its own first line, so no other run's file of the same size shares its bytes.
  const head = `${randomUUID()}\n`;
  writeFileSync(path, Buffer.concat([Buffer.from(head), Buffer.alloc(bytes - head.length, 'a')]));
  return path;
}

/** The owner opens `folder` in My Files and finds a file named after each of `stems` in it. */
export async function expectFilesInFolder(page: Page, folder: string, stems: string[]) {
  await page.goto('/dashboard/my-files');
  await folderTile(page, folder).getByRole('link', { name: folder }).click();
  await expect(page.getByRole('navigation', { name: 'Folder path' })).toContainText(folder);
  for (const stem of stems) {
    await expect(
      page.getByRole('main').getByRole('link', { name: stem, exact: true }).locator('visible=true').first(),
    ).toBeVisible();
  }
}

/**
 * On the folder's screen, its Upload link… button, then the link's Received files: one row per file, each saying
 * who sent it through which link. Leaves that step of the dialog open, and returns it.
 */
export async function expectReceivedNotes(
  page: Page,
  { folder, label, sender, stems }: { folder: string; label: string; sender: string; stems: string[] },
): Promise<Locator> {
  await page.getByRole('button', { name: 'Upload link…' }).click();
  const dialog = page.getByRole('dialog', { name: `Upload links of ${folder}` });
  await expect(dialog.getByText(`${stems.length} files of`)).toBeVisible();
  await dialog.getByRole('button', { name: `Files received through ${label}` }).click();
  const received = page.getByRole('dialog', { name: `Received through ${label}` });
  const list = received.getByRole('list', { name: `Files received through ${label}` });
  await expect(list.getByRole('listitem')).toHaveCount(stems.length);
  for (const stem of stems) {
    await expect(list.getByRole('listitem').filter({ hasText: stem })).toContainText(
      `Uploaded by ${sender} through ${label}`,
    );
  }
  return received;
}
