import type { Page } from '@playwright/test';
import { uniqueTextFile } from './support/files';
import { PHONE } from './support/screens';
import { expect, test } from './support/test';
import { throttleUploads } from './support/upload-links';

// The upload panel lists the file still going first, above those done, and on a phone takes at most 40 % of
// the screen, so the page stays usable beside it.

const panel = (page: Page) => page.getByRole('region', { name: 'Uploads' });

test('on a phone the upload panel keeps to the bottom 40 % and lists the file still going first', async ({
  page,
  user: _user,
}) => {
  await page.setViewportSize(PHONE);
  const small = [1, 2, 3, 4, 5, 6].map((n) => uniqueTextFile(`small-${n}`, 2_000));
  const large = uniqueTextFile('large-one', 3 * 1024 * 1024);
  await page.goto('/dashboard/my-files');
  await throttleUploads(page, 256 * 1024);
  await page.getByTestId('upload-files-input').setInputFiles([...small.map((f) => f.path), large.path]);

  const rows = panel(page).getByRole('listitem');
  await expect(panel(page).getByText('Done', { exact: true })).toHaveCount(small.length, { timeout: 30_000 });
  // The large one, chosen last, is still going: it is the first row.
  await expect(rows.first()).toContainText(large.stem);
  await expect(rows.first()).not.toContainText('Done');
  const box = (await panel(page).boundingBox())!;
  expect(box.height).toBeLessThanOrEqual(PHONE.height * 0.4 + 1);
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height + 1);
  await page.screenshot({ path: '/tmp/upload-panel-375.png' });
});
