import type { Envelope, Folder } from '@cloudstash/contract';
import type { Locator, Page } from '@playwright/test';
import { uploadFile } from './support/api';
import { BASE_URL } from './support/env';
import { FIXTURES } from './support/files';
import { DESKTOP } from './support/screens';
import { expect, test } from './support/test';

// Keyboard walks: where focus is (never the page itself), what it looks like, and that nothing hides it.

const PHONE = { width: 390, height: 844 } as const;
const SIZES = [
  { size: DESKTOP, label: '1280' },
  { size: PHONE, label: '390' },
] as const;

const activeIsBody = (page: Page) => page.evaluate(() => document.activeElement === document.body);
const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/** The contrast of the focused element's outline against what it sits on (0 when it draws none). */
const focusRingContrast = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    if (style.outlineStyle === 'none' || parseFloat(style.outlineWidth) === 0) return 0;
    const paint = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const pixel = (...colours: string[]) => {
      paint.clearRect(0, 0, 1, 1);
      for (const colour of colours) {
        paint.fillStyle = colour;
        paint.fillRect(0, 0, 1, 1);
      }
      return [...paint.getImageData(0, 0, 1, 1).data];
    };
    let background = getComputedStyle(document.documentElement).backgroundColor;
    for (let holder: HTMLElement | null = el; holder; holder = holder.parentElement) {
      const colour = getComputedStyle(holder).backgroundColor;
      if (pixel(colour)[3] === 255) {
        background = colour;
        break;
      }
    }
    const luminance = ([r, g, b]: number[]) => {
      const lin = (v: number) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
    };
    const [a, b] = [luminance(pixel(background, style.outlineColor)), luminance(pixel(background))];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });

for (const { size, label } of SIZES) {
  test(`Move to… at ${label}: a folder under focus shows a ring of 3:1`, async ({ page, user: _user }) => {
    await page.setViewportSize(size);
    for (const name of ['Box A', 'Box B']) {
      const made = await page.request.post('/api/v1/folders', { data: { name, parentId: null } });
      expect(made.ok(), await made.text()).toBe(true);
    }
    await page.goto('/dashboard/my-files');
    await page.getByRole('button', { name: 'Actions for folder Box A' }).press('Enter');
    await page
      .getByRole('list', { name: 'Folders' })
      .getByRole('listitem')
      .filter({ hasText: 'Box A' })
      .getByRole('button', { name: 'Move to…' })
      .press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Move Box A' });
    const target = dialog.getByRole('button', { name: 'Box B' });
    await expect(target).toBeVisible();
    for (const theme of ['light', 'dark', 'lemonade', 'cupcake']) {
      await page.evaluate((name) => document.documentElement.setAttribute('data-theme', name), theme);
      await target.focus();
      await page.keyboard.press('Shift');
      expect(await focusRingContrast(page), `focus ring in ${theme}`).toBeGreaterThanOrEqual(3);
    }
  });

  test(`a password-protected folder link at ${label} is not titled as a file`, async ({
    page,
    browser,
    user: _user,
  }) => {
    await page.setViewportSize(size);
    const made = await page.request.post('/api/v1/folders', { data: { name: 'Locked box', parentId: null } });
    const folder = ((await made.json()) as Envelope<Folder>).data;
    const link = await page.request.post(`/api/v1/folders/${folder._id}/links`, {
      data: { password: 'open-sesame-42' },
    });
    expect(link.status(), await link.text()).toBe(201);
    const { url } = ((await link.json()) as Envelope<{ url: string }>).data;
    const visitor = await browser.newContext({ baseURL: BASE_URL, viewport: size });
    const visit = await visitor.newPage();
    await visit.goto(url);
    await expect(visit.getByRole('heading', { name: 'Password required' })).toBeVisible();
    await expect(visit).toHaveTitle('Shared Link · CloudStash');
    const password = visit.getByLabel('Password', { exact: true });
    await password.fill('open-sesame-42');
    await password.press('Enter');
    await expect(visit).toHaveTitle('Shared Folder · CloudStash');
    expect(await activeIsBody(visit)).toBe(false);
    await visitor.close();
  });
}

test('at 1280 the sidebar is reached from the page’s start by “Skip to navigation”, with a ring of 3:1', async ({
  page,
  user: _user,
}) => {
  await page.goto('/dashboard/my-files');
  await expect(page.getByRole('heading', { name: 'My Files', level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to navigation' });
  expect(await isFocused(skip)).toBe(true);
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  const first = page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link').first();
  expect(await isFocused(first)).toBe(true);
  expect(await focusRingContrast(page)).toBeGreaterThanOrEqual(3);
});

for (const { size, label } of SIZES) {
  test(`at ${label} the upload panel hides no control that Tab reaches`, async ({ page, user: _user }) => {
    test.slow();
    await page.setViewportSize(size);
    for (let i = 0; i < 6; i += 1) await uploadFile(page.request, FIXTURES.txt, { filename: `row ${i}` });
    await page.goto('/dashboard/my-files');
    await expect(page.getByRole('link', { name: 'row 5' }).locator('visible=true').first()).toBeVisible();
    await page
      .locator('input[type="file"][multiple]')
      .first()
      .setInputFiles([FIXTURES.txt.path, FIXTURES.png.path]);
    const panel = page.getByRole('region', { name: 'Uploads' });
    await expect(panel).toBeVisible();
    await page.getByRole('heading', { name: 'My Files', level: 1 }).focus();
    const hidden: string[] = [];
    for (let i = 0; i < 60; i += 1) {
      await page.keyboard.press('Tab');
      const under = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const section = [...document.querySelectorAll('section')].find((s) =>
          s.textContent?.startsWith('Uploads'),
        );
        if (!section || section.contains(el) || el === document.body) return null;
        const box = el.getBoundingClientRect();
        const top = section.getBoundingClientRect().top;
        return box.top >= top && box.bottom <= window.innerHeight
          ? `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.trim()}`
          : null;
      });
      if (under) hidden.push(under);
    }
    expect(hidden).toEqual([]);
    expect(await activeIsBody(page)).toBe(false);
  });
}
