import { readFileSync } from 'node:fs';
import { LINK_MESSAGES } from '@cloudstash/contract';
import type { Locator, Page } from '@playwright/test';
import { uploadFile } from './support/api';
import { ADMIN_STORAGE_STATE, BASE_URL } from './support/env';
import { FIXTURES } from './support/files';
import { DESKTOP, PHONE, checkScreen } from './support/screens';
import { expect, test } from './support/test';
import { atPath, expectFigure, expectWithinWidth, openMenuLink } from './support/ui';

/** The side card whose heading is `title`. */
function card(page: Page, title: string): Locator {
  return page
    .getByRole('main')
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    .last();
}

test.describe('share links', () => {
  test('a visitor without an account opens a password link with a limit of 1, previews and downloads once', async ({
    page,
    browser,
    user: _user,
  }, testInfo) => {
    // One story across two browsers with five screens scanned at two widths: more than the default minute.
    test.slow();
    const file = await uploadFile(page.request, FIXTURES.png, { filename: 'beach day', isPublic: false });

    // The owner creates the link from the preview page's Actions card.
    await page.goto(`/dashboard/file/${file._id}`);
    await expect(page.getByRole('heading', { name: 'beach day' })).toBeVisible();
    // Every way to share is in one place, each named for what it does.
    const actions = card(page, 'Actions');
    await expect(
      actions.getByText('Copies this page’s address, for people who can already open this file.'),
    ).toBeVisible();
    await actions.getByRole('button', { name: 'Share with people…', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Share beach day' })).toBeVisible();
    await page.keyboard.press('Escape');
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await actions.screenshot({ path: `/tmp/file-actions-${size.width}.png` });
    }
    await page.setViewportSize(DESKTOP);
    await actions.getByRole('button', { name: 'Public link…', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create public link' });
    await dialog.getByLabel('Label (optional)').fill('For the neighbours');
    await dialog.getByLabel('Password (optional)').fill('sea breeze 7');
    await dialog.getByLabel('Expires').selectOption({ label: '7 days' });
    await dialog.getByLabel('Download limit (optional)').fill('1');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    const ready = page.getByRole('dialog', { name: 'Public link ready' });
    await expect(ready.getByRole('img', { name: /QR code/ })).toBeVisible();
    const url = await ready.getByLabel('Link').inputValue();
    expect(url).toMatch(/\/s\/[A-Za-z0-9_-]{43}$/);
    await ready.getByRole('button', { name: 'Done' }).click();

    // A fresh browser with no account.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    const asked: string[] = [];
    const fetchedContent: string[] = [];
    visitor.on('request', (request) => {
      asked.push(new URL(request.url()).pathname);
      // The download must go to the browser's download manager, never through the page's own fetch.
      if (request.url().includes('download=1') && ['fetch', 'xhr'].includes(request.resourceType()))
        fetchedContent.push(request.url());
    });
    await visitor.goto(url);
    await expect(visitor.getByRole('heading', { name: 'Password required' })).toBeVisible();
    await expect(visitor.getByText('beach day')).toHaveCount(0);
    await checkScreen(visitor, testInfo, 'shared-visit-locked');

    await visitor.getByLabel('Password').fill('wrong guess');
    await visitor.getByRole('button', { name: 'Unlock' }).click();
    await expect(visitor.getByText(LINK_MESSAGES.linkPasswordWrong)).toBeVisible();
    await visitor.getByLabel('Password').fill('sea breeze 7');
    await visitor.getByRole('button', { name: 'Unlock' }).click();

    await expect(visitor.getByRole('heading', { name: 'beach day' })).toBeVisible();
    const img = visitor.getByRole('img', { name: 'beach day' });
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(32);
    await expect(visitor.getByText(_user.name)).toBeVisible();
    await expect(visitor.getByText(_user.email)).toHaveCount(0);
    await checkScreen(visitor, testInfo, 'shared-visit');

    const downloadPromise = visitor.waitForEvent('download');
    await visitor.getByRole('button', { name: 'Download' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`beach day.${FIXTURES.png.ext}`);
    expect(readFileSync(await download.path())).toEqual(FIXTURES.png.bytes);
    expect(fetchedContent).toEqual([]);

    await visitor.getByRole('button', { name: 'Download' }).click();
    await expect(visitor.getByRole('heading', { name: LINK_MESSAGES.linkUnavailable })).toBeVisible();
    await checkScreen(visitor, testInfo, 'shared-visit-unavailable');
    // The visitor's page never loads the signed-in shell.
    expect(asked.filter((path) => path.includes('/users/me'))).toEqual([]);
    await visitorContext.close();

    // The owner sees the download on the Shared Links screen (reached from the drawer) and in the chart.
    await page.goto('/dashboard');
    const menu = page.getByRole('navigation', { name: 'Dashboard navigation' });
    await page.getByRole('button', { name: `Welcome, ${_user.name}` }).click();
    await expect(menu.getByRole('link', { name: 'All Share Links' })).toHaveCount(0);
    await openMenuLink(page, _user.name, 'Shared Links');
    await expect(page).toHaveURL(atPath('/dashboard/links'));
    await expect(page.getByRole('heading', { name: 'Shared Links', level: 1 })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'For the neighbours' });
    await expect(row).toContainText('1 / 1');
    await expect(row).toContainText('used up');
    await expect(page.getByText(LINK_MESSAGES.linkPrivateStillShared)).toBeVisible();
    await checkScreen(page, testInfo, 'shared-links');

    await page.goto(`/dashboard/file/${file._id}`);
    const chart = card(page, 'Downloads over time');
    await expect(chart.getByTestId('downloads-total')).toHaveText('1');
    await checkScreen(page, testInfo, 'preview-with-downloads-chart');
  });

  test('a download from the file page moves its Downloads figure and the 30-day chart together', async ({
    page,
    user: _user,
  }) => {
    const file = await uploadFile(page.request, FIXTURES.png, { filename: 'counted once' });
    await page.goto(`/dashboard/file/${file._id}`);
    const chart = card(page, 'Downloads over time');
    await expect(chart.getByTestId('downloads-total')).toHaveText('0');
    const saved = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download File' }).click();
    await saved;
    // Without a reload: both figures count the same downloads, so they say the same.
    await expectFigure(card(page, 'File Details'), 'Downloads', '1');
    await expect(chart.getByTestId('downloads-total')).toHaveText('1');
  });

  test('at 1280 px every link row shows its Copy and Revoke, and no label breaks inside a word', async ({
    page,
    user: _user,
  }) => {
    const file = await uploadFile(page.request, FIXTURES.png, {
      filename: 'Quarterly brand guidelines final',
    });
    const label = 'Printer proofs for the autumn catalogue';
    const made = await page.request.post(`/api/v1/files/f/${file._id}/links`, {
      data: { label, maxDownloads: 5, expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString() },
    });
    expect(made.ok(), await made.text()).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/dashboard/links');
    const row = page.getByRole('row').filter({ hasText: label });
    await expectWithinWidth(page, row.getByRole('button', { name: /^Copy link to/ }));
    await expectWithinWidth(page, row.getByRole('button', { name: /^Revoke link to/ }));
    // The table fits its frame: nothing to scroll sideways to.
    const frame = page.locator('table').first().locator('..');
    expect(await frame.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(
      0,
    );
    // Each word of the label stays whole: the cell is as tall as the lines its words need, never split inside one.
    const words = await row.getByText(label).evaluate((cell) => {
      const range = document.createRange();
      const text = cell.firstChild!;
      const tops = new Set<number>();
      let offset = 0;
      for (const word of (text.textContent ?? '').split(' ')) {
        range.setStart(text, offset);
        range.setEnd(text, offset + word.length);
        tops.add(range.getClientRects().length);
        offset += word.length + 1;
      }
      return [...tops];
    });
    expect(words).toEqual([1]);
    await page.screenshot({ path: '/tmp/shared-links-1280.png' });
  });

  test('the link dialog says what the download limit counts, and asks for a password of 6 characters or more', async ({
    page,
    user: _user,
  }, testInfo) => {
    const file = await uploadFile(page.request, FIXTURES.png, {
      filename: 'short password',
      isPublic: false,
    });
    await page.goto(`/dashboard/file/${file._id}`);
    await card(page, 'Actions').getByRole('button', { name: 'Public link…', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create public link' });
    await expect(dialog.getByText(LINK_MESSAGES.linkLimitHint)).toBeVisible();

    await dialog.getByLabel('Password (optional)').fill('abc12');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText(LINK_MESSAGES.linkPasswordTooShort);
    await expect(dialog.getByLabel('Password (optional)')).toHaveAttribute('aria-invalid', 'true');
    await page.screenshot({ path: testInfo.outputPath('link-dialog-short-password.png') });

    await dialog.getByLabel('Password (optional)').fill('abc123');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Public link ready' })).toBeVisible();
  });

  test('an admin sees every link and can revoke any of them', async ({
    page,
    browser,
    user: _user,
    adminAccount,
  }) => {
    // A standard user is not let in.
    await page.goto('/dashboard/admin/links');
    await expect(page).toHaveURL(atPath('/dashboard'));
    const file = await uploadFile(page.request, FIXTURES.txt, { filename: 'minutes', isPublic: true });
    const created = await page.request.post(`/api/v1/files/f/${file._id}/links`, {
      data: { label: 'Minutes link' },
    });
    expect(created.status()).toBe(201);
    const link = ((await created.json()) as { data: { url: string } }).data;

    const adminContext = await browser.newContext({ storageState: ADMIN_STORAGE_STATE, baseURL: BASE_URL });
    const admin = await adminContext.newPage();
    await admin.goto('/dashboard');
    await openMenuLink(admin, adminAccount.name, 'All Share Links');
    await expect(admin).toHaveURL(atPath('/dashboard/admin/links'));
    await expect(admin.getByRole('heading', { name: 'All Share Links' })).toBeVisible();
    await expect(admin.getByRole('columnheader', { name: 'Owner' })).toBeVisible();
    const row = admin.getByRole('row').filter({ hasText: 'Minutes link' });
    await row.getByRole('button', { name: /Revoke/ }).click();
    await admin.getByRole('dialog', { name: 'Revoke link' }).getByRole('button', { name: 'Revoke' }).click();
    await expect(row).toContainText('revoked');
    await adminContext.close();

    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(link.url);
    await expect(visitor.getByRole('heading', { name: LINK_MESSAGES.linkUnavailable })).toBeVisible();
    await visitorContext.close();
  });

  test('a visitor gets the same previews: a video that seeks, a PDF drawn by the app, text as text', async ({
    page,
    browser,
    user: _user,
  }) => {
    const create = async (fixture: (typeof FIXTURES)[keyof typeof FIXTURES], filename: string) => {
      const file = await uploadFile(page.request, fixture, { filename });
      const answer = await page.request.post(`/api/v1/files/f/${file._id}/links`, { data: {} });
      expect(answer.status()).toBe(201);
      return ((await answer.json()) as { data: { url: string; token: string } }).data;
    };
    const video = await create(FIXTURES.webm, 'clip');
    const pdf = await create(FIXTURES.pdf, 'report');
    const notes = await create(FIXTURES.txt, 'notes');

    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(video.url);
    const player = visitor.getByRole('main').locator('video');
    await expect(player).toBeVisible();
    await expect
      .poll(() => player.evaluate((el: HTMLVideoElement) => el.readyState))
      .toBeGreaterThanOrEqual(1);
    const position = await player.evaluate(
      (el: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          el.addEventListener('seeked', () => resolve(el.currentTime), { once: true });
          el.currentTime = 1;
        }),
    );
    expect(position).toBeCloseTo(1, 1);

    const pdfResponse = visitor.waitForResponse((r) => r.url().includes(`/api/v1/s/${pdf.token}/content`));
    await visitor.goto(pdf.url);
    await expect(visitor.getByRole('img', { name: /^Page 1 of \d+ of report$/ })).toBeVisible();
    await expect(visitor.locator('iframe, embed, object')).toHaveCount(0);
    expect((await pdfResponse).headers()['content-type']).toMatch(/^application\/pdf/);

    await visitor.goto(notes.url);
    await expect(visitor.getByLabel('Text of notes')).toContainText(
      FIXTURES.txt.bytes.toString('utf8').split('\n')[0]!,
    );
    await visitorContext.close();
  });
});
