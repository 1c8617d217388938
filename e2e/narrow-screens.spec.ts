import type { APIResponse } from '@playwright/test';
import { uploadFile } from './support/api';
import { FIXTURES } from './support/files';
import { overflowing } from './support/layout';
import { expect, test } from './support/test';

// Phones from 320 px up: nothing wider than the screen (hidden or not), a header that never covers its brand,
// and a focused control never hidden under the sticky header.

const WIDTHS = [320, 360, 390] as const;

test('My Files, Public Files and Upload fit the screen from 320 px, with the header beside its brand', async ({
  page,
  user,
}) => {
  await uploadFile(page.request, FIXTURES.png, {
    filename: 'a rather long file name that has to wrap on a phone screen',
    isPublic: true,
  });
  const paths = ['/dashboard', '/dashboard/my-files', '/dashboard/public-files', '/dashboard/upload-file'];
  paths.push('/dashboard/links', '/dashboard/theme');
  for (const [width, view] of WIDTHS.flatMap((w) => [[w, 'table'] as const, [w, 'grid'] as const])) {
    await page.setViewportSize({ width, height: 740 });
    await page.evaluate((v) => localStorage.setItem('cloudstash-file-view', v), view).catch(() => undefined);
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('Loading', { exact: false })).toHaveCount(0);
      expect(await overflowing(page), `${path} at ${width} px (${view})`).toEqual([]);

      const brand = await page.getByRole('link', { name: 'CloudStash' }).first().boundingBox();
      const menu = await page.getByRole('button', { name: `Welcome, ${user.name}` }).boundingBox();
      expect(brand && menu && brand.x + brand.width <= menu.x, `header at ${width} px`).toBe(true);
    }
  }
});

test('a control reached by Tab is never hidden under the sticky header', async ({ page, user: _user }) => {
  for (let i = 0; i < 3; i += 1) await uploadFile(page.request, FIXTURES.txt, { filename: `tab ${i}` });
  await page.setViewportSize({ width: 390, height: 500 });
  await page.goto('/dashboard/my-files');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Walk to the end of the page, then back up with Shift+Tab: scrolling up is where a header covers things.
  for (let i = 0; i < 30; i += 1) await page.keyboard.press('Tab');
  for (let i = 0; i < 20; i += 1) {
    await page.keyboard.press('Shift+Tab');
    const hidden = await page.evaluate(() => {
      const active = document.activeElement as HTMLElement | null;
      const header = document.querySelector('header.navbar');
      if (!active || !header || active === document.body || header.contains(active)) return false;
      // The skip link shows over the header on purpose, at the very top of the page.
      if (active.closest('.drawer-side') || active.matches('a[href="#main"]')) return false;
      const box = active.getBoundingClientRect();
      if (box.height === 0) return false;
      return box.top < header.getBoundingClientRect().bottom - 1;
    });
    expect(hidden, `Shift+Tab ${i + 1}`).toBe(false);
  }
});

test('on a phone a deep folder path shows the folder on screen, and the menu button says it is a menu', async ({
  page,
  user,
}) => {
  let parentId: string | null = null;
  const names = ['Clients', 'Acme Corporation', 'Brand refresh 2026', 'Deliverables', 'Final artwork'];
  for (const name of names) {
    const made: APIResponse = await page.request.post('/api/v1/folders', { data: { name, parentId } });
    expect(made.ok(), await made.text()).toBe(true);
    parentId = ((await made.json()) as { data: { _id: string } }).data._id;
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/dashboard/my-files?folder=${parentId}`);
  const path = page.getByRole('navigation', { name: 'Folder path' });
  const here = path.getByText('Final artwork', { exact: true });
  await expect(here).toHaveAttribute('aria-current', 'page');
  // The path is wider than the phone, and it starts scrolled to its end: the folder on screen is in view.
  expect(await path.evaluate((nav) => nav.scrollWidth > nav.clientWidth)).toBe(true);
  await expect(here).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: '/tmp/phone-deep-path.png' });

  const menu = page.getByRole('button', { name: `Welcome, ${user.name} (menu)` });
  await expect(menu.locator('svg').first()).toBeVisible();
  await menu.click();
  await expect(page.getByRole('link', { name: 'My Files' }).first()).toBeVisible();
});
