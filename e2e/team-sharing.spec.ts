import { SHARE_MESSAGES } from '@cloudstash/contract';
import type { Browser, Locator, Page } from '@playwright/test';
import { section } from './support/accounts';
import { createUser } from './support/api';
import { ADMIN_STORAGE_STATE, BASE_URL } from './support/env';
import { FIXTURES } from './support/files';
import { DESKTOP, PHONE, checkScreen } from './support/screens';
import { checkInBothThemes } from './support/themed-screens';
import { expect, test } from './support/test';
import { openMenuLink, rowWith, toast } from './support/ui';

// Team sharing across four browsers: the administrator makes a group 'Marketing' with a member; the owner makes
// a folder and shares it with the group as Editor through the Share dialog, and with another person as Viewer by
// keyboard; the member finds it under Shared with me, uploads into it and renames the upload; the viewer sees it
// without any way to change it, then leaves it.

// The test's own page is the admin's (signed in once by global.setup.ts); the others get browsers of their own.
test.use({ storageState: ADMIN_STORAGE_STATE });
// Contexts a test opens itself would inherit the admin's cookies from test.use: these start signed out.
const SIGNED_OUT = { baseURL: BASE_URL, storageState: { cookies: [], origins: [] } };

/** A new standard user signed in in a browser of their own. */
async function personInOwnBrowser(browser: Browser, label: string) {
  const context = await browser.newContext(SIGNED_OUT);
  const account = await createUser(context.request, label);
  return { context, page: await context.newPage(), account };
}

/** The displayed one of what a screen draws twice (the table on wide screens, the cards on phones). */
const shown = (locator: Locator) => locator.locator('visible=true').first();
const main = (page: Page) => page.getByRole('main');
const fileLink = (page: Page, name: string) => shown(main(page).getByRole('link', { name, exact: true }));
const folderTile = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Folders' }).getByRole('listitem').filter({ hasText: name });
const panel = (page: Page) => page.getByRole('region', { name: 'Uploads' });

test('team sharing: a group edits a shared folder, a person shared as viewer only looks, then leaves', async ({
  page,
  browser,
  adminAccount,
}, testInfo) => {
  // Four browsers, a dozen screen checks (axe at two widths, two themes): far more than the default minute.
  test.setTimeout(360_000);
  const owner = await personInOwnBrowser(browser, 'Owner');
  const member = await personInOwnBrowser(browser, 'Member');
  const viewer = await personInOwnBrowser(browser, 'Viewer');

  // The administrator makes the group from the Admin menu's Groups page and gives it its member.
  await page.goto('/dashboard');
  await openMenuLink(page, adminAccount.name, 'Groups');
  await expect(page.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Groups · CloudStash');
  await page.getByLabel('New group name').fill('Marketing');
  await page.getByRole('button', { name: 'Create group' }).click();
  await expect(rowWith(page, 'Marketing')).toContainText('0 members');
  await page.getByRole('button', { name: 'Members of Marketing' }).click();
  const membersDialog = page.getByRole('dialog', { name: 'Members of Marketing' });
  await membersDialog.getByRole('combobox', { name: 'Add a member' }).fill(member.account.email);
  await membersDialog.getByRole('option', { name: new RegExp(member.account.name) }).click();
  await expect(membersDialog.getByRole('list', { name: 'Members' })).toContainText(member.account.email);
  await checkInBothThemes(page, testInfo, 'sharing-group-members');
  await membersDialog.getByRole('button', { name: 'Done' }).click();
  await expect(membersDialog).toBeHidden();
  await expect(rowWith(page, 'Marketing')).toContainText('1 member');
  await checkInBothThemes(page, testInfo, 'sharing-groups');

  // The owner makes a folder and shares it with the group as Editor.
  const ownerPage = owner.page;
  await ownerPage.goto('/dashboard/my-files');
  await ownerPage.getByRole('button', { name: 'New folder' }).click();
  await ownerPage.getByLabel('Folder name').fill('Campaign');
  await ownerPage.keyboard.press('Enter');
  await expect(folderTile(ownerPage, 'Campaign')).toBeVisible();
  await ownerPage.getByRole('button', { name: 'Actions for folder Campaign' }).click();
  await folderTile(ownerPage, 'Campaign')
    .getByRole('button', { name: 'Share with people…', exact: true })
    .click();
  const share = ownerPage.getByRole('dialog', { name: 'Share Campaign' });
  await expect(share.getByText('Only you have access so far.')).toBeVisible();
  await share.getByRole('combobox', { name: 'Add people or groups' }).fill('Marketing');
  await share.getByRole('option', { name: /Marketing/ }).click();
  await share.getByLabel('Role', { exact: true }).selectOption('editor');
  await share.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(toast(ownerPage, SHARE_MESSAGES.created)).toBeVisible();
  const access = share.getByRole('list', { name: 'Who has access' });
  await expect(access).toContainText('Group · 1 member');
  await expect(access.getByRole('combobox', { name: 'Role of Marketing' })).toHaveValue('editor');

  // A name nobody has: the dialog says an account is needed.
  await share.getByRole('combobox', { name: 'Add people or groups' }).fill('no-such-person-zz');
  await expect(share.getByText(/No account or group matches “no-such-person-zz”/)).toBeVisible();
  await share.getByRole('combobox', { name: 'Add people or groups' }).fill('');
  await checkInBothThemes(ownerPage, testInfo, 'sharing-share-dialog');
  await ownerPage.keyboard.press('Escape');
  await expect(share).toBeHidden();

  // By keyboard: the menu, the dialog, the search, a result, Share, and Escape to close.
  await ownerPage.getByRole('button', { name: 'Actions for folder Campaign' }).focus();
  await ownerPage.keyboard.press('Enter');
  await ownerPage.keyboard.press('Tab');
  await expect(
    folderTile(ownerPage, 'Campaign').getByRole('button', { name: 'Share with people…', exact: true }),
  ).toBeFocused();
  await ownerPage.keyboard.press('Enter');
  const search = share.getByRole('combobox', { name: 'Add people or groups' });
  await expect(search).toBeFocused();
  // Someone the owner does not share with yet is found by their whole email, not by a part of it.
  await ownerPage.keyboard.type(viewer.account.email.split('@')[0]!);
  await expect(
    share.getByText(/Someone you do not share with yet is found by their full email address/),
  ).toBeVisible();
  await ownerPage.keyboard.type(`@${viewer.account.email.split('@')[1]!}`);
  await expect(share.getByRole('option', { name: new RegExp(viewer.account.name) })).toBeVisible();
  // The results float over the dialog: a quick picture of them, no scan (the scans above cover the dialog).
  await ownerPage.screenshot({ path: testInfo.outputPath('share-dialog-results.png') });
  await ownerPage.keyboard.press('ArrowDown');
  await ownerPage.keyboard.press('Enter');
  await expect(share.getByText(`Sharing with ${viewer.account.name}`)).toBeVisible();
  await ownerPage.keyboard.press('Tab');
  await expect(share.getByLabel('Role', { exact: true })).toBeFocused();
  await expect(share.getByLabel('Role', { exact: true })).toHaveValue('viewer');
  await ownerPage.keyboard.press('Tab');
  await expect(share.getByRole('button', { name: 'Share', exact: true })).toBeFocused();
  await ownerPage.keyboard.press('Enter');
  await expect(access).toContainText(viewer.account.email);
  await expect(search).toBeFocused();
  await ownerPage.keyboard.press('Escape');
  await expect(share).toBeHidden();

  // The member finds the folder under Shared with me, through the group, as an editor.
  const memberPage = member.page;
  await memberPage.goto('/dashboard');
  await expect(section(memberPage, 'Groups')).toContainText('Marketing');
  await openMenuLink(memberPage, member.account.name, 'Shared with me');
  await expect(memberPage.getByRole('heading', { name: 'Shared with me', level: 1 })).toBeVisible();
  await expect(memberPage).toHaveTitle('Shared with me · CloudStash');
  const row = rowWith(memberPage, 'Campaign');
  await expect(row).toContainText(owner.account.name);
  await expect(row).toContainText('Editor');
  await expect(row).toContainText('through a group');
  await checkInBothThemes(memberPage, testInfo, 'sharing-shared-with-me');

  // Opened, it is a drive like My Files, from the shared folder down: upload into it, then rename the upload.
  await fileLink(memberPage, 'Campaign').click();
  await expect(memberPage).toHaveURL(/\/dashboard\/shared-with-me\/[^/?]+$/);
  await expect(memberPage.getByRole('heading', { name: 'Campaign', level: 1 })).toBeVisible();
  await expect(memberPage.getByText(`Shared by ${owner.account.name}`)).toBeVisible();
  const crumbs = memberPage.getByRole('navigation', { name: 'Folder path' });
  await expect(crumbs.getByRole('link', { name: 'Shared with me' })).toBeVisible();
  await memberPage.getByTestId('upload-files-input').setInputFiles(FIXTURES.txt.path);
  await expect(panel(memberPage).getByText('1 of 1 uploaded · all done')).toBeVisible({ timeout: 30_000 });
  await panel(memberPage).getByRole('button', { name: 'Clear' }).click();
  await expect(fileLink(memberPage, FIXTURES.txt.stem)).toBeVisible();
  await shown(main(memberPage).getByRole('button', { name: `Rename ${FIXTURES.txt.stem}` })).click();
  const rename = memberPage.getByRole('dialog', { name: 'Rename File' });
  await expect(rename.getByText('Public', { exact: true })).toHaveCount(0);
  await rename.getByLabel('File Name').fill('campaign notes');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(fileLink(memberPage, 'campaign notes')).toBeVisible();
  await checkScreen(memberPage, testInfo, 'sharing-folder-editor');

  // The upload is the owner's: it is in their own folder.
  await ownerPage.goto('/dashboard/my-files');
  await folderTile(ownerPage, 'Campaign').getByRole('link', { name: 'Campaign' }).click();
  await expect(fileLink(ownerPage, 'campaign notes')).toBeVisible();
  // Its page says who uploaded it, the member, with the owner beside.
  await fileLink(ownerPage, 'campaign notes').click();
  const uploadedBy = ownerPage.getByRole('region', { name: 'Uploaded By' });
  await expect(uploadedBy.getByText(member.account.name, { exact: true })).toBeVisible();
  await expect(uploadedBy.getByText(`Owner: ${owner.account.name}`)).toBeVisible();
  for (const size of [DESKTOP, PHONE]) {
    await ownerPage.setViewportSize(size);
    await ownerPage.reload();
    await expect(uploadedBy.getByText(`Owner: ${owner.account.name}`)).toBeVisible();
    await ownerPage.screenshot({ path: `/tmp/uploaded-by-${size.width}.png`, fullPage: true });
  }
  await ownerPage.setViewportSize(DESKTOP);

  // The viewer sees the folder and its file, and nothing that would change them.
  const viewerPage = viewer.page;
  await viewerPage.goto('/dashboard/shared-with-me');
  const viewerRow = rowWith(viewerPage, 'Campaign');
  await expect(viewerRow).toContainText('Viewer');
  await fileLink(viewerPage, 'Campaign').click();
  await expect(fileLink(viewerPage, 'campaign notes')).toBeVisible();
  await expect(viewerPage.getByText('You can view and download')).toBeVisible();
  for (const control of ['Upload files', 'Upload folder', 'New folder', 'Delete selected', 'Move to…']) {
    await expect(main(viewerPage).getByRole('button', { name: control, exact: true })).toHaveCount(0);
  }
  await expect(main(viewerPage).getByRole('button', { name: 'Delete campaign notes' })).toHaveCount(0);
  await expect(
    shown(main(viewerPage).getByRole('button', { name: 'Download campaign notes' })),
  ).toBeVisible();
  await checkScreen(viewerPage, testInfo, 'sharing-folder-viewer');

  // The viewer leaves the share: it is gone from their list.
  await viewerPage
    .getByRole('navigation', { name: 'Folder path' })
    .getByRole('link', { name: 'Shared with me' })
    .click();
  await shown(main(viewerPage).getByRole('button', { name: 'Leave folder Campaign' })).click();
  const leave = viewerPage.getByRole('dialog', { name: 'Leave Campaign?' });
  await leave.getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(toast(viewerPage, SHARE_MESSAGES.left)).toBeVisible();
  await expect(main(viewerPage).getByText('Nothing is shared with you yet')).toBeVisible();

  for (const person of [owner, member, viewer]) await person.context.close();
});
