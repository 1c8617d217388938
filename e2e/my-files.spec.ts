import { MESSAGES, fileTypeLabel, formatDate, formatSize } from '@cloudstash/contract';
import { countDownload, getFile, myFiles, uploadFile } from './support/api';
import { FIXTURES } from './support/files';
import { PHONE, checkScreen } from './support/screens';
import { expect, test } from './support/test';
import { atPath, expectFigure, expectWithinWidth, labelText, rowWith, toast } from './support/ui';

const TILES = ['Total Files', 'Storage Used', 'Public Files', 'Total Downloads'];
const COLUMNS = ['File', 'Type', 'Size', 'Visibility', 'Downloads', 'Uploaded', 'Actions'];

test.describe('my files', () => {
  test('a new user sees the empty state with a link to upload, and no tiles', async ({
    page,
    user: _user,
  }, testInfo) => {
    await page.goto('/dashboard/my-files');
    await expect(page.getByText(MESSAGES.noFilesUploaded)).toBeVisible();
    for (const tile of TILES) await expect(labelText(page, tile)).toHaveCount(0);
    await checkScreen(page, testInfo, 'my-files-empty');

    await page.getByRole('main').getByRole('link', { name: 'Upload File' }).click();
    await expect(page).toHaveURL(atPath('/dashboard/upload-file'));
  });

  test('tiles sum up the files and the table lists each with its columns', async ({
    page,
    user: _user,
  }, testInfo) => {
    const png = await uploadFile(page.request, FIXTURES.png, { filename: 'holiday pixel', isPublic: true });
    const pdf = await uploadFile(page.request, FIXTURES.pdf, { filename: 'tax return' });
    const txt = await uploadFile(page.request, FIXTURES.txt, { filename: 'todo list' });
    await countDownload(page.request, png._id);
    await countDownload(page.request, png._id);
    await countDownload(page.request, txt._id);

    await page.goto('/dashboard/my-files');
    await expect(rowWith(page, 'holiday pixel')).toBeVisible();
    const total = FIXTURES.png.bytes.length + FIXTURES.pdf.bytes.length + FIXTURES.txt.bytes.length;
    await expectFigure(page, 'Total Files', '3');
    await expectFigure(page, 'Storage Used', formatSize(total));
    await expectFigure(page, 'Public Files', '1');
    await expectFigure(page, 'Total Downloads', '3');

    const headers = page.getByRole('columnheader');
    await expect(headers).toHaveText(COLUMNS.map((c) => new RegExp(`^\\s*${c}`)));

    for (const [file, visibility, downloads] of [
      [png, 'Public', '2'],
      [pdf, 'Private', '0'],
      [txt, 'Private', '1'],
    ] as const) {
      const cells = rowWith(page, file.filename).getByRole('cell');
      await expect(cells.nth(0)).toContainText(file.filename);
      await expect(cells.nth(1)).toHaveText(fileTypeLabel(file.mimetype));
      await expect(cells.nth(2)).toHaveText(formatSize(file.size));
      await expect(cells.nth(3)).toHaveText(visibility);
      await expect(cells.nth(4)).toHaveText(downloads);
      await expect(cells.nth(5)).toHaveText(formatDate(file.createdAt));
      for (const action of ['Preview', 'Edit', 'Delete']) {
        await expect(
          cells.nth(6).getByRole(action === 'Preview' ? 'link' : 'button', { name: action }),
        ).toBeVisible();
      }
    }
    // Newest first.
    await expect(page.locator('tbody tr').first()).toContainText('todo list');
    await checkScreen(page, testInfo, 'my-files');

    await rowWith(page, 'tax return')
      .getByRole('link', { name: /^Preview(\s|$)/ })
      .click();
    await expect(page).toHaveURL(atPath(`/dashboard/file/${pdf._id}`));
  });

  test('edit renames a file and makes it public', async ({ page, user: _user }, testInfo) => {
    const file = await uploadFile(page.request, FIXTURES.txt, { filename: 'draft notes' });
    await page.goto('/dashboard/my-files');
    await expect(rowWith(page, 'draft notes')).toContainText('Private');

    await rowWith(page, 'draft notes')
      .getByRole('button', { name: /^Edit(\s|$)/ })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const name = dialog.getByRole('textbox', { name: /file ?name/i });
    const publicToggle = dialog.getByRole('checkbox', { name: /public/i });
    await expect(name).toHaveValue('draft notes');
    await expect(publicToggle).not.toBeChecked();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
    await checkScreen(page, testInfo, 'my-files-edit');

    // The name is required: a blank name is not saved (whether Save is disabled or refuses).
    const updates: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/files/update/')) updates.push(r.method());
    });
    await name.fill('  ');
    await dialog.getByRole('button', { name: 'Save' }).click({ force: true });
    await expect(dialog.getByText(MESSAGES.editFilenameRequired)).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog).toBeVisible();
    expect(updates, 'no update is sent with a blank name').toEqual([]);

    // Close leaves the file as it was.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    expect(await getFile(page.request, file._id)).toMatchObject({ filename: 'draft notes', isPublic: false });

    await rowWith(page, 'draft notes')
      .getByRole('button', { name: /^Edit(\s|$)/ })
      .click();
    await expect(dialog).toBeVisible();
    await name.fill('final notes');
    await publicToggle.check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, MESSAGES.updateSuccess)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(rowWith(page, 'final notes')).toContainText('Public');
    await expect(rowWith(page, 'draft notes')).toHaveCount(0);
    await expectFigure(page, 'Public Files', '1');
    expect(await getFile(page.request, file._id)).toMatchObject({ filename: 'final notes', isPublic: true });

    // And back to private.
    await rowWith(page, 'final notes')
      .getByRole('button', { name: /^Edit(\s|$)/ })
      .click();
    await publicToggle.uncheck();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, MESSAGES.updateSuccess)).toBeVisible();
    await expect(rowWith(page, 'final notes')).toContainText('Private');
    await expectFigure(page, 'Public Files', '0');
  });

  test('delete asks first, then removes the file', async ({ page, user: _user }, testInfo) => {
    const keep = await uploadFile(page.request, FIXTURES.jpeg, { filename: 'keep me' });
    const doomed = await uploadFile(page.request, FIXTURES.png, { filename: 'delete me' });
    await page.goto('/dashboard/my-files');
    await expectFigure(page, 'Total Files', '2');

    await rowWith(page, 'delete me')
      .getByRole('button', { name: /^Delete(\s|$)/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete File?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      'Are you sure you want to delete this file? This action cannot be undone.',
    );
    await checkScreen(page, testInfo, 'my-files-delete');

    // Cancelling keeps it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(rowWith(page, 'delete me')).toHaveCount(1);

    await rowWith(page, 'delete me')
      .getByRole('button', { name: /^Delete(\s|$)/ })
      .click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, MESSAGES.deleteSuccess)).toBeVisible();
    await expect(rowWith(page, 'delete me')).toHaveCount(0);
    await expect(rowWith(page, 'keep me')).toHaveCount(1);
    await expectFigure(page, 'Total Files', '1');
    await expectFigure(page, 'Storage Used', formatSize(keep.size));
    expect(await getFile(page.request, doomed._id)).toBeNull();

    // Deleting the last file brings back the empty state.
    await rowWith(page, 'keep me')
      .getByRole('button', { name: /^Delete(\s|$)/ })
      .click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, MESSAGES.deleteSuccess)).toBeVisible();
    await expect(page.getByText(MESSAGES.noFilesUploaded)).toBeVisible();
    expect(await myFiles(page.request)).toHaveLength(0);
  });

  test('on a phone every action of a file stays within the screen', async ({ page, user: _user }) => {
    await uploadFile(page.request, FIXTURES.png, {
      filename: 'a rather long file name for a small phone screen',
    });
    await page.setViewportSize(PHONE);
    await page.goto('/dashboard/my-files');
    const card = page.getByRole('listitem').filter({ hasText: 'a rather long file name' });
    await expect(card).toHaveCount(1);
    for (const action of ['Preview', 'Edit', 'Delete']) {
      await expectWithinWidth(
        page,
        card.getByRole(action === 'Preview' ? 'link' : 'button', { name: new RegExp(`^${action}(\\s|$)`) }),
      );
    }
    await card.getByRole('button', { name: /^Edit(\s|$)/ }).click();
    const dialog = page.getByRole('dialog');
    await expectWithinWidth(page, dialog.getByRole('button', { name: 'Save' }));
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });
});
