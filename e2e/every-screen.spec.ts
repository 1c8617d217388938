import { writeFileSync } from 'node:fs';
import { LINK_MESSAGES, MESSAGES, type Envelope, type OneTimeLink } from '@cloudstash/contract';
import {
  request as apiRequest,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { createUser, uploadFile, type Account } from './support/api';
import { ADMIN_STORAGE_STATE, BASE_URL } from './support/env';
import { FIXTURES, uniqueTextFile } from './support/files';
import { PHONE_WIDTHS, overflowing } from './support/layout';
import { themeFailures, THEMES, wcagFailures } from './support/theme-checks';
import { expect, test } from './support/test';

// Every screen of the app, in every state a person meets often (a form with errors, a locked link, an open
// dialog or drawer, a screen that failed), at a phone's and a desktop's width: axe's whole WCAG 2.2 AA rule set
// in the default theme, then under each of the 29 themes its colour rules and the 3:1 of borders, checked
// controls and focus rings. A screen is loaded once per width and re-coloured in place. At phone width each
// screen must also fit 320, 360, 375 and 390 px with nothing reaching past the edge.

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/** What the screens show: arranged once per worker through the API. */
interface World {
  user: Account;
  userState: BrowserContextOptions['storageState'];
  imageId: string;
  /** A folder holding a subfolder and a file: My Files inside it shows breadcrumbs and folder tiles. */
  folderId: string;
  openLink: string;
  lockedLink: string;
  resetLink: string;
}

interface Screen {
  name: string;
  /** Who looks at it. */
  as: 'guest' | 'user' | 'admin';
  path: (world: World) => string;
  /** What this browser remembers before the screen loads (a chosen view). */
  stored?: Record<string, string>;
  /** Photographed in a light and a dark theme (the screens whose colours or layout this suite made change). */
  photographed?: true;
  /** Waits for what the screen is about, then brings it to the state under test. */
  ready: (page: Page, world: World) => Promise<void>;
}

const heading = (page: Page, name: string | RegExp, level?: number) =>
  expect(page.getByRole('heading', { name, exact: typeof name === 'string', level })).toBeVisible();

const settled = (page: Page) => expect(page.getByText('Loading', { exact: false })).toHaveCount(0);

const FILE_VIEW_KEY = 'cloudstash-file-view';

const SCREENS: Screen[] = [
  { name: 'landing', as: 'guest', path: () => '/', ready: (p) => heading(p, /./, 1) },
  { name: 'login', as: 'guest', path: () => '/login', ready: (p) => heading(p, 'Login', 1) },
  {
    name: 'login with errors',
    as: 'guest',
    path: () => '/login',
    ready: async (page) => {
      await heading(page, 'Login', 1);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    },
  },
  { name: 'register', as: 'guest', path: () => '/register', ready: (p) => heading(p, 'Register', 1) },
  {
    name: 'register with errors',
    as: 'guest',
    path: () => '/register',
    ready: async (page) => {
      await heading(page, 'Register', 1);
      await page.getByRole('button', { name: 'Register', exact: true }).click();
      await expect(page.getByText(MESSAGES.nameRequired)).toBeVisible();
    },
  },
  {
    name: 'reset password',
    as: 'guest',
    path: (w) => new URL(w.resetLink).pathname,
    ready: (p) => heading(p, 'Set a new password'),
  },
  {
    name: 'share link',
    photographed: true,
    as: 'guest',
    path: (w) => new URL(w.openLink).pathname,
    ready: async (page) => {
      await heading(page, 'axe shared notes', 1);
      await settled(page);
    },
  },
  {
    name: 'share link with password',
    as: 'guest',
    path: (w) => new URL(w.lockedLink).pathname,
    ready: (p) => heading(p, 'Password required'),
  },
  {
    name: 'share link gone',
    as: 'guest',
    path: () => `/s/${'x'.repeat(43)}`,
    ready: (p) => heading(p, LINK_MESSAGES.linkUnavailable, 1),
  },
  {
    name: 'not found',
    as: 'guest',
    path: () => '/no-such-screen',
    ready: (p) => heading(p, 'Page not found', 1),
  },

  {
    name: 'profile',
    photographed: true,
    as: 'user',
    path: () => '/dashboard',
    ready: async (page, world) => {
      await heading(page, world.user.name);
      await settled(page);
      // Two-factor set-up (QR code, secret and code field) and the access token list both show.
      await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
      await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
      await expect(page.getByText('axe token')).toBeVisible();
    },
  },
  {
    name: 'my files',
    as: 'user',
    path: () => '/dashboard/my-files',
    ready: async (page) => {
      await heading(page, 'My Files', 1);
      await expect(page.getByText('axe picture').filter({ visible: true }).first()).toBeVisible();
      await settled(page);
    },
  },
  {
    name: 'my files as tiles',
    as: 'user',
    path: () => '/dashboard/my-files',
    stored: { [FILE_VIEW_KEY]: 'grid' },
    ready: async (page) => {
      await heading(page, 'My Files', 1);
      await expect(page.getByText('axe picture').filter({ visible: true }).first()).toBeVisible();
      await settled(page);
    },
  },
  {
    name: 'my files editing a file',
    photographed: true,
    as: 'user',
    path: () => '/dashboard/my-files',
    ready: async (page) => {
      await heading(page, 'My Files', 1);
      await page.getByRole('button', { name: 'Edit axe picture' }).filter({ visible: true }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'my files in a folder',
    photographed: true,
    as: 'user',
    path: (w) => `/dashboard/my-files?folder=${w.folderId}`,
    ready: async (page) => {
      await heading(page, 'My Files', 1);
      await expect(page.getByText('axe album').filter({ visible: true }).first()).toBeVisible();
      await expect(page.getByText('axe folder notes').filter({ visible: true }).first()).toBeVisible();
      await settled(page);
    },
  },
  {
    // The trash is off while this suite runs (an instance-wide setting): the screen is empty, as a new user's.
    name: 'trash',
    as: 'user',
    path: () => '/dashboard/trash',
    ready: async (page) => {
      await heading(page, 'Trash', 1);
      await expect(page.getByText('Trash is empty')).toBeVisible();
      await settled(page);
    },
  },
  {
    name: 'upload',
    as: 'user',
    path: () => '/dashboard/upload-file',
    ready: (p) => heading(p, 'Upload File', 1),
  },
  {
    name: 'upload with a file chosen',
    photographed: true,
    as: 'user',
    path: () => '/dashboard/upload-file',
    ready: async (page) => {
      await heading(page, 'Upload File', 1);
      await page.locator('input[type="file"]').setInputFiles({
        name: FIXTURES.png.name,
        mimeType: FIXTURES.png.mimeType,
        buffer: FIXTURES.png.bytes,
      });
      await expect(page.getByRole('button', { name: 'Remove File' })).toBeVisible();
    },
  },
  {
    name: 'preview',
    as: 'user',
    path: (w) => `/dashboard/file/${w.imageId}`,
    ready: async (page) => {
      await heading(page, 'axe picture', 1);
      await expect(page.getByRole('img', { name: 'axe picture' }).first()).toBeVisible();
      await settled(page);
    },
  },
  {
    name: 'preview of a missing file',
    as: 'user',
    path: () => '/dashboard/file/00000000-0000-4000-8000-000000000000',
    ready: async (page) => {
      await expect(
        page
          .getByRole('alert')
          .or(page.getByRole('heading', { level: 1 }))
          .first(),
      ).toBeVisible();
      await settled(page);
    },
  },
  {
    name: 'public files',
    as: 'user',
    path: () => '/dashboard/public-files',
    ready: async (page) => {
      await heading(page, 'Public Files', 1);
      await settled(page);
    },
  },
  {
    name: 'shared links',
    as: 'user',
    path: () => '/dashboard/links',
    ready: async (page) => {
      await heading(page, 'Shared Links', 1);
      await expect(page.getByRole('button', { name: /Revoke/ }).first()).toBeVisible();
      await settled(page);
    },
  },
  {
    name: 'themes',
    as: 'user',
    path: () => '/dashboard/theme',
    ready: (p) => heading(p, 'Change Theme', 1),
  },
  {
    name: 'navigation drawer',
    as: 'user',
    path: () => '/dashboard/my-files',
    ready: async (page, world) => {
      await heading(page, 'My Files', 1);
      await page.getByRole('button', { name: `Welcome, ${world.user.name}` }).click();
      const drawer = page.getByRole('navigation', { name: 'Dashboard navigation' });
      await expect(drawer).toBeVisible();
      // Focus moves in once the drawer has slid open: it is measured as shown.
      await expect(drawer.locator(':focus')).toHaveCount(1);
    },
  },
  {
    name: 'a screen that cannot load',
    as: 'user',
    path: () => '/dashboard/theme',
    ready: (p) => heading(p, 'Something went wrong', 1),
  },

  { name: 'all files', as: 'admin', path: () => '/dashboard/admin/files', ready: adminList('All Files') },
  { name: 'users', as: 'admin', path: () => '/dashboard/admin/users', ready: adminList('User Management') },
  {
    name: 'a user',
    as: 'admin',
    path: (w) => `/dashboard/admin/users/${w.user.id}`,
    ready: async (page, world) => {
      await heading(page, world.user.name);
      await settled(page);
    },
  },
  {
    name: 'statistics',
    as: 'admin',
    path: () => '/dashboard/admin/stats',
    ready: async (page) => {
      await heading(page, 'Storage Statistics', 1);
      await expect(page.getByText('Total files').first()).toBeVisible();
      await settled(page);
    },
  },
  {
    name: 'all share links',
    as: 'admin',
    path: () => '/dashboard/admin/links',
    ready: adminList('All Share Links'),
  },
  {
    name: 'instance settings',
    photographed: true,
    as: 'admin',
    path: () => '/dashboard/admin/settings',
    ready: adminList('Instance Settings'),
  },
];

function adminList(title: string) {
  return async (page: Page) => {
    await heading(page, title, 1);
    await settled(page);
  };
}

async function arrange(): Promise<World> {
  const api: APIRequestContext = await apiRequest.newContext({ baseURL: BASE_URL });
  const user = await createUser(api, 'Axe');
  const image = await uploadFile(api, FIXTURES.png, { filename: 'axe picture' });
  const notes = await uploadFile(api, uniqueTextFile('axe'), {
    filename: 'axe shared notes',
    isPublic: true,
  });
  const link = async (fileId: string, data: object) => {
    const answer = await api.post(`/api/v1/files/f/${fileId}/links`, { data });
    expect(answer.ok(), await answer.text()).toBe(true);
    return ((await answer.json()) as Envelope<{ url: string }>).data.url;
  };
  const openLink = await link(notes._id, { label: 'For everyone' });
  const lockedLink = await link(image._id, { password: 'sea breeze 7' });
  const folderId = await makeFolder(api, 'axe folder', null);
  await makeFolder(api, 'axe album', folderId);
  const inFolder = await api.post('/api/v1/files/upload', {
    multipart: {
      filename: 'axe folder notes',
      folderId,
      file: { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes in a folder') },
    },
  });
  expect(inFolder.ok(), await inFolder.text()).toBe(true);
  const token = await api.post('/api/v1/users/me/tokens', { data: { name: 'axe token', scope: 'read' } });
  expect(token.ok(), await token.text()).toBe(true);
  const userState = await api.storageState();
  await api.dispose();

  const admin = await apiRequest.newContext({ baseURL: BASE_URL, storageState: ADMIN_STORAGE_STATE });
  const reset = await admin.post(`/api/v1/admin/users/${user.id}/reset-link`);
  expect(reset.ok(), await reset.text()).toBe(true);
  const resetLink = ((await reset.json()) as Envelope<OneTimeLink>).data.url;
  await admin.dispose();
  return { user, userState, imageId: image._id, folderId, openLink, lockedLink, resetLink };
}

async function makeFolder(api: APIRequestContext, name: string, parentId: string | null) {
  const answer = await api.post('/api/v1/folders', { data: { name, parentId } });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as Envelope<{ _id: string }>).data._id;
}

async function contextFor(
  browser: Browser,
  who: Screen['as'],
  world: World,
  viewport: (typeof WIDTHS)[number],
) {
  const storageState = who === 'guest' ? undefined : who === 'user' ? world.userState : ADMIN_STORAGE_STATE;
  return browser.newContext({ baseURL: BASE_URL, storageState, viewport });
}

test.describe.configure({ mode: 'parallel' });

let world: World;
test.beforeAll(async () => {
  world = await arrange();
});

for (const screen of SCREENS) {
  for (const viewport of WIDTHS) {
    test(`${screen.name} at ${viewport.width} px: axe in the default theme, colours in all 29`, async ({
      browser,
    }, testInfo) => {
      // 29 themes on one screen: far more than a usual test's work. A limit for hangs: on a machine busy with
      // other work a long list (All Share Links) has taken 3.3 minutes.
      test.setTimeout(480_000);
      const context = await contextFor(browser, screen.as, world, viewport);
      if (screen.stored) {
        await context.addInitScript((entries) => {
          for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
        }, screen.stored);
      }
      const page = await context.newPage();
      const failures: string[] = [];
      const spent = { load: 0, axe: 0, themes: 0, widths: 0 };
      const timed = async <T>(phase: keyof typeof spent, work: () => Promise<T>): Promise<T> => {
        const started = performance.now();
        try {
          return await work();
        } finally {
          spent[phase] += performance.now() - started;
        }
      };
      const where = `${screen.name} at ${viewport.width} px`;
      // The error screen: this screen's code is gone from the server (as after a redeploy).
      if (screen.name === 'a screen that cannot load') {
        await page.route('**/assets/ThemePage-*.js', (route) => route.fulfill({ status: 404, body: '' }));
      }
      await timed('load', async () => {
        await page.goto(screen.path(world));
        await screen.ready(page, world);
        await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      });
      failures.push(...(await timed('axe', () => wcagFailures(page, `${where} in dark`))));
      failures.push(...(await timed('themes', () => themeFailures(page, where, THEMES))));
      if (screen.photographed) {
        for (const theme of ['light', 'dark']) {
          await page.evaluate((name) => document.documentElement.setAttribute('data-theme', name), theme);
          const path = testInfo.outputPath(
            `${screen.name.replaceAll(' ', '-')}-${viewport.width}-${theme}.png`,
          );
          await page.screenshot({ path, fullPage: true, animations: 'disabled' });
          await testInfo.attach(`${screen.name} at ${viewport.width} px in ${theme}`, {
            path,
            contentType: 'image/png',
          });
        }
      }
      if (viewport.width < 1000) {
        await timed('widths', async () => {
          for (const width of PHONE_WIDTHS) {
            await page.setViewportSize({ width, height: viewport.height });
            const outside = await overflowing(page);
            failures.push(...outside.map((line) => `${screen.name} at ${width} px: ${line}`));
          }
        });
      }
      const seconds = Object.entries(spent).map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(1)} s`);
      testInfo.annotations.push({ type: 'time spent', description: seconds.join(', ') });
      console.log(`${where}: ${seconds.join(', ')}`);
      writeFileSync(testInfo.outputPath('failures.txt'), `${failures.join('\n')}\n`);
      await context.close();
      expect(failures).toEqual([]);
    });
  }
}
