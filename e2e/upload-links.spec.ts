import { LINK_MESSAGES } from '@cloudstash/contract';
import { FIXTURES } from './support/files';
import { overflowing } from './support/layout';
import { checkScreen } from './support/screens';
import { expect, test } from './support/test';
import { checkInBothThemes } from './support/themed-screens';
import { atPath, toast } from './support/ui';
import {
  chooseFiles,
  chooseFolderAction,
  createUploadLink,
  expectFilesInFolder,
  expectReceivedNotes,
  makeFolderThroughUi,
  openUploadLinksOfNewFolder,
  phoneVisitorAt,
  reloadMidUpload,
  rowPercent,
  textFileOfSize,
  throttleUploads,
  visitorRow,
} from './support/upload-links';

// An upload link: the owner makes one on a folder from My Files; a visitor without an account, on a phone, sends
// three files into it (one cut off by a reload and chosen again) and sees only what they sent; the owner finds
// the files in the folder, each noted with who sent it, then closes the link. The instance here takes files of
// up to 5 MB, all sent whole: upload-links.large.ts sends a 50 MB one resumably through a reload.

const MB = 1024 * 1024;

test('an owner makes an upload link; a visitor on a phone sends three files through a reload; the owner sees who sent them', async ({
  page,
  browser,
  user,
}, testInfo) => {
  // Two browsers, six screen checks at two widths, a throttled upload: more than the default minute.
  test.slow();
  const cutOff = textFileOfSize('contract draft.txt', 4 * MB);

  // The owner: a folder, its Upload link… dialog, a new link with a message and a limit of 10 files.
  const dialog = await openUploadLinksOfNewFolder(page, 'Client inbox');
  await dialog.getByRole('button', { name: 'New upload link' }).click();
  const form = page.getByRole('dialog', { name: 'New upload link to Client inbox' });
  await expect(form.getByLabel('Label')).toBeFocused();
  await checkInBothThemes(page, testInfo, 'upload-link-form');
  const url = await createUploadLink(page, {
    label: 'Wedding photos',
    message: 'Your best shots from the day, please.',
    maxFiles: 10,
  });
  await expect(toast(page, 'Upload link created')).toBeVisible();
  await checkScreen(page, testInfo, 'upload-link-ready');
  await page.getByRole('dialog', { name: 'Upload link ready' }).getByRole('button', { name: 'Done' }).click();
  const list = page.getByRole('dialog', { name: 'Upload links of Client inbox' });
  await expect(list.getByRole('listitem').filter({ hasText: 'Wedding photos' })).toContainText('active');
  await checkScreen(page, testInfo, 'upload-link-list');
  await list.getByRole('button', { name: 'Done' }).click();
  await expect(list).toBeHidden();

  // The visitor: no account, a phone. They see who asks for what, and nothing of the folder.
  const visitor = await phoneVisitorAt(browser, url);
  const v = visitor.page;
  await expect(v.getByRole('heading', { level: 1, name: 'Wedding photos' })).toBeVisible();
  await expect(v).toHaveTitle('Send Files · CloudStash');
  await expect(v.getByText(`${user.name} asks you to send files`)).toBeVisible();
  await expect(v.getByText('Your best shots from the day, please.')).toBeVisible();
  await expect(v.getByText('10 files left')).toBeVisible();
  await expect(v.getByText('Up to 5 MB per file')).toBeVisible();
  expect(await overflowing(v)).toEqual([]);
  await checkScreen(v, testInfo, 'upload-link-visit');

  // Files need a name first: the field says so and takes focus.
  await v.getByRole('button', { name: 'Choose files' }).click();
  await expect(v.getByLabel('Your name')).toBeFocused();
  await expect(v.getByText('Enter your name')).toBeVisible();
  await v.getByLabel('Your name').fill('Dana Visitor');

  // A 4 MB file on a slow connection, cut off by a reload once its bar has moved.
  await throttleUploads(v, 256 * 1024);
  await chooseFiles(v, [cutOff]);
  const cutRow = visitorRow(v, 'contract draft.txt');
  await expect.poll(() => rowPercent(cutRow)).toBeGreaterThan(0);
  await reloadMidUpload(v);
  await throttleUploads(v, -1);

  // After the reload: the name is still there, and the page names the file that did not finish.
  await expect(v.getByRole('heading', { level: 1, name: 'Wedding photos' })).toBeVisible();
  await expect(v.getByLabel('Your name')).toHaveValue('Dana Visitor');
  const notice = v.getByRole('status').filter({ hasText: 'did not finish' });
  await expect(notice).toContainText('contract draft.txt (4 MB)');

  // Chosen again with two more: three rows, three at a time, all done; the notice goes.
  await chooseFiles(v, [cutOff, FIXTURES.png.path, FIXTURES.txt.path]);
  await expect(notice).toBeHidden();
  for (const name of ['contract draft.txt', FIXTURES.png.name, FIXTURES.txt.name]) {
    await expect(visitorRow(v, name)).toContainText('Done', { timeout: 30_000 });
  }
  await expect(v.getByText('3 of 3 sent · all done')).toBeVisible();
  await expect(v.getByText('7 files left')).toBeVisible();
  await checkInBothThemes(v, testInfo, 'upload-link-visit-sent');

  // The owner: the three files in the folder, each noted with the sender and the link.
  const stems = ['contract draft', FIXTURES.png.stem, FIXTURES.txt.stem];
  await expectFilesInFolder(page, 'Client inbox', stems);
  // The folder's activity line: what its upload links brought.
  await expect(page.getByRole('button', { name: '1 upload link open · 3 files received' })).toBeVisible();
  await checkScreen(page, testInfo, 'upload-link-folder');
  const received = await expectReceivedNotes(page, {
    folder: 'Client inbox',
    label: 'Wedding photos',
    sender: 'Dana Visitor',
    stems,
  });
  await checkInBothThemes(page, testInfo, 'upload-link-received');

  // Closed, the link answers its visitor like any ended link.
  await received.getByRole('button', { name: 'Back' }).click();
  const links = page.getByRole('dialog', { name: 'Upload links of Client inbox' });
  await links.getByRole('button', { name: 'Close upload link Wedding photos' }).click();
  await page
    .getByRole('dialog', { name: 'Close upload link?' })
    .getByRole('button', { name: 'Close link' })
    .click();
  await expect(links.getByRole('listitem').filter({ hasText: 'Wedding photos' })).toContainText('closed');
  await v.reload();
  await expect(v.getByRole('heading', { name: LINK_MESSAGES.linkUnavailable })).toBeVisible();
  await visitor.context.close();
});

test('a folder’s Public link… dialog makes a link with the file dialog’s options, lists it and revokes it', async ({
  page,
  // Signs the page in as a new owner.
  user: _user,
}, testInfo) => {
  await makeFolderThroughUi(page, 'Holiday');
  await chooseFolderAction(page, 'Holiday', 'Public link…');
  const links = page.getByRole('dialog', { name: 'Public links of Holiday' });
  await expect(links.getByText('No links to this folder yet.')).toBeVisible();
  await links.getByRole('button', { name: 'New link' }).click();
  const form = page.getByRole('dialog', { name: 'New public link to Holiday' });
  await expect(form.getByText(/Holiday and everything in it/)).toBeVisible();
  await form.getByLabel('Label (optional)').fill('For the family');
  await form.getByLabel('Download limit (optional)').fill('20');
  await form.getByRole('button', { name: 'Create', exact: true }).click();
  const ready = page.getByRole('dialog', { name: 'Public link ready' });
  expect(await ready.getByRole('textbox', { name: 'Link' }).inputValue()).toMatch(/\/s\/[A-Za-z0-9_-]{43}$/);
  await ready.getByRole('button', { name: 'Done' }).click();

  const row = links.getByRole('listitem').filter({ hasText: 'For the family' });
  await expect(row).toContainText('active');
  await expect(row).toContainText('0 / 20');
  await checkInBothThemes(page, testInfo, 'folder-share-links-dialog');
  // The confirmation opens over the dialog, and closing it leaves the dialog open.
  await row.getByRole('button', { name: 'Revoke link to For the family' }).click();
  await page.getByRole('dialog', { name: 'Revoke link' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('revoked');
  await links.getByRole('button', { name: 'Close' }).click();
  await expect(links).toBeHidden();

  // Shared Links names it as a folder and leads back to it in My Files.
  await page.goto('/dashboard/links');
  const listed = page.getByRole('row').filter({ hasText: 'For the family' });
  await expect(listed).toContainText('folder');
  await listed.getByRole('link', { name: 'Holiday' }).click();
  await expect(page).toHaveURL(atPath('/dashboard/my-files'));
  await expect(page).toHaveURL(/[?&]folder=/);
});
