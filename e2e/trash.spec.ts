import {
  MESSAGES,
  THEME_STORAGE_KEY,
  TRASH_MESSAGES,
  type Envelope,
  type Folder,
} from '@cloudstash/contract';
import { request as apiRequest, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { uploadFile } from './support/api';
import { ADMIN_STORAGE_STATE, BASE_URL } from './support/env';
import { FIXTURES, uniqueTextFile } from './support/files';
import { DESKTOP, PHONE, checkScreen } from './support/screens';
import { expect, test } from './support/test';
import { openMenuLink, toast } from './support/ui';

// The trash is one setting of the whole instance: the administrator turns it on through the API at the start
// of each test and back off (a delete is final, the spec's dialog) at the end, whatever happened in between.
const DAYS = 30;

async function setTrashDays(days: number): Promise<void> {
  const admin: APIRequestContext = await apiRequest.newContext({
    baseURL: BASE_URL,
    storageState: ADMIN_STORAGE_STATE,
  });
  const answer = await admin.patch('/api/v1/admin/settings/trash', { data: { trashRetentionDays: days } });
  expect(answer.ok(), await answer.text()).toBe(true);
  expect(((await answer.json()) as Envelope<{ trashRetentionDays: number }>).data.trashRetentionDays).toBe(
    days,
  );
  await admin.dispose();
}

/** The displayed one of what a screen draws twice (the table on wide screens, the cards on phones). */
const shown = (locator: Locator) => locator.locator('visible=true').first();
const main = (page: Page) => page.getByRole('main');
const fileLink = (page: Page, name: string) => shown(main(page).getByRole('link', { name, exact: true }));
const folderTile = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Folders' }).getByRole('listitem').filter({ hasText: name });
const button = (page: Page, name: string) => shown(main(page).getByRole('button', { name, exact: true }));

/** Confirms the delete dialog, which must say the items go to Trash and for how long. */
async function confirmMoveToTrash(page: Page) {
  const dialog = page.getByRole('dialog', { name: TRASH_MESSAGES.dialogTitle });
  await expect(dialog).toContainText(TRASH_MESSAGES.dialogText(DAYS));
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

test.afterEach(async () => {
  await setTrashDays(0);
});

for (const { size, theme, label } of [
  { size: DESKTOP, theme: 'dark', label: 'desktop' },
  { size: PHONE, theme: 'light', label: 'phone' },
] as const) {
  test(`trash on a ${label}: delete with Undo, restore a folder, delete forever, empty the Trash`, async ({
    page,
    user,
  }, testInfo) => {
    test.slow();
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      THEME_STORAGE_KEY,
      theme,
    ] as const);
    await page.setViewportSize(size);
    await setTrashDays(DAYS);

    // A folder holding a file, and three loose files.
    const made = await page.request.post('/api/v1/folders', { data: { name: 'Receipts', parentId: null } });
    expect(made.ok(), await made.text()).toBe(true);
    const folder = ((await made.json()) as Envelope<Folder>).data;
    const inFolder = uniqueTextFile(`receipt-${label}`);
    const upload = await page.request.post('/api/v1/files/upload', {
      multipart: {
        filename: 'march receipt',
        isPublic: 'false',
        folderId: folder._id,
        file: { name: inFolder.name, mimeType: inFolder.mimeType, buffer: inFolder.bytes },
      },
    });
    expect(upload.ok(), await upload.text()).toBe(true);
    await uploadFile(page.request, FIXTURES.txt, { filename: 'keep notes' });
    await uploadFile(page.request, FIXTURES.png, { filename: 'old picture' });
    await uploadFile(page.request, FIXTURES.pdf, { filename: 'draft report' });

    // Deleting asks with the trash's words, and the toast's Undo brings the file back.
    await page.goto('/dashboard/my-files');
    await expect(fileLink(page, 'keep notes')).toBeVisible();
    await button(page, 'Delete keep notes').click();
    await confirmMoveToTrash(page);
    await expect(fileLink(page, 'keep notes')).toHaveCount(0);
    // The toast lasts ten seconds: a quick picture, no scan, before Undo.
    await expect(page.getByRole('button', { name: 'Undo', exact: true })).toBeVisible();
    await page.screenshot({ path: `/tmp/trash-undo-toast-${label}.png` });
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect(toast(page, TRASH_MESSAGES.restored)).toBeVisible();
    await expect(fileLink(page, 'keep notes')).toBeVisible();

    // The folder (from its menu) and two files (chosen together) go to Trash.
    await page.getByRole('button', { name: 'Actions for folder Receipts' }).click();
    await folderTile(page, 'Receipts').getByRole('button', { name: 'Delete' }).click();
    await confirmMoveToTrash(page);
    await expect(folderTile(page, 'Receipts')).toHaveCount(0);
    await shown(main(page).getByRole('checkbox', { name: 'Select old picture' })).check();
    await shown(main(page).getByRole('checkbox', { name: 'Select draft report' })).check();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    await confirmMoveToTrash(page);
    await expect(fileLink(page, 'draft report')).toHaveCount(0);
    await expect(page.getByText('In trash', { exact: true })).toBeVisible();

    // Trash is in the menu after My Files, titled like every screen.
    await openMenuLink(page, user.name, 'Trash');
    await expect(page).toHaveURL(/\/dashboard\/trash$/);
    await expect(page.getByRole('heading', { name: 'Trash', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Trash · CloudStash');
    const rows = main(page).locator('tbody tr, ul[aria-label="Items in Trash"] > li').locator('visible=true');
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: 'Receipts' })).toContainText('Folder · 1 file');
    // Deleted a moment ago: the whole retention is left, as a person reads it.
    await expect(rows.first()).toContainText(`${DAYS} days left`);
    await checkScreen(page, testInfo, `trash-list-${label}`);
    await page.screenshot({ path: `/tmp/trash-list-${label}.png`, fullPage: true });

    // Restore the folder: it leaves Trash, and focus moves to the row that took its place.
    await button(page, 'Restore folder Receipts').click();
    await expect(toast(page, TRASH_MESSAGES.restored)).toBeVisible();
    await expect(rows).toHaveCount(2);
    await expect(page.locator(':focus')).toHaveAttribute('data-trash-id', /.+/);

    // Delete one file forever, after a confirmation.
    await button(page, 'Delete forever: old picture').click();
    const forever = page.getByRole('dialog', { name: 'Delete forever?' });
    await expect(forever).toContainText('“old picture” will be deleted forever');
    await forever.getByRole('button', { name: 'Delete forever' }).click();
    await expect(toast(page, TRASH_MESSAGES.purged)).toBeVisible();
    await expect(rows).toHaveCount(1);

    // Empty Trash takes the rest; focus lands on the heading.
    await page.getByRole('button', { name: 'Empty Trash' }).click();
    const empty = page.getByRole('dialog', { name: 'Empty Trash?' });
    await empty.getByRole('button', { name: 'Empty Trash' }).click();
    await expect(main(page).getByText('Trash is empty')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Trash', level: 1 })).toBeFocused();
    await page.screenshot({ path: `/tmp/trash-empty-${label}.png`, fullPage: true });

    // My Files has the restored folder with its file, and the file the Undo brought back.
    await page.goto('/dashboard/my-files');
    await expect(folderTile(page, 'Receipts')).toBeVisible();
    await expect(fileLink(page, 'keep notes')).toBeVisible();
    await expect(fileLink(page, 'old picture')).toHaveCount(0);
    await folderTile(page, 'Receipts').getByRole('link', { name: 'Receipts' }).click();
    await expect(fileLink(page, 'march receipt')).toBeVisible();
  });
}

test('with the trash off, a delete is final and the dialog keeps the spec’s words', async ({
  page,
  user: _user,
}) => {
  await setTrashDays(0);
  await uploadFile(page.request, FIXTURES.txt, { filename: 'gone for good' });
  await page.goto('/dashboard/my-files');
  await button(page, 'Delete gone for good').click();
  const dialog = page.getByRole('dialog', { name: 'Delete File?' });
  await expect(dialog).toContainText('This action cannot be undone.');
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(page, MESSAGES.deleteSuccess)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  // At a desktop's width the menu stays open as a sidebar.
  const menu = page.getByRole('navigation', { name: 'Dashboard navigation' });
  await expect(menu.getByRole('link', { name: 'My Files' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Trash' })).toHaveCount(0);
});
