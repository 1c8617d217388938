import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from './lib/chromium';
import sharp from 'sharp';
import { API_BASE, DEFAULT_PAGE_SIZE } from '@cloudstash/contract';
import { multipartBody, signUp, upload } from './lib/api';
import { MB } from './lib/load';
import { WEB_DIR } from './lib/paths';
import type { Row } from './lib/report';
import { startCloudStash } from './lib/servers';

/** One page of My Files, full: the grid the targets are about. */
const COUNT = DEFAULT_PAGE_SIZE;
/** Cold loads of each layout; the median is reported. */
const ROUNDS = 5;
const VIEWPORT = { width: 1280, height: 800 };
/** How long after the first screen's images have loaded the paint entries are read. */
const LCP_SETTLE_MS = 500;
/** The web app's key for the remembered layout (apps/web/src/lib/list-view.ts). */
const LAYOUT_KEY = 'cloudstash-file-view';

/**
 * The browser globals the page functions below use: they run in Chromium, while this file is compiled for
 * Node (no DOM types), so each names what it touches through this shape.
 */
interface BrowserWindow {
  document: {
    images: ArrayLike<{ complete: boolean; naturalWidth: number; getBoundingClientRect(): { top: number } }>;
    querySelectorAll(selector: string): { length: number };
  };
  innerHeight: number;
  localStorage: { setItem(key: string, value: string): void };
  performance: { getEntriesByType(type: 'resource'): { name: string; responseEnd: number }[] };
  PerformanceObserver: new (callback: (list: { getEntries(): { startTime: number }[] }) => void) => {
    observe(options: { type: string; buffered: boolean }): void;
  };
}

interface Ctx {
  root: string;
  log: (line: string) => void;
}

/**
 * A 3 MP photo-like JPEG: a colour of its own with sensor-like noise and a few sharp-edged shapes, so its
 * thumbnail has the edges and texture a real photo's has (a flat colour would compress to almost nothing).
 */
function photo(n: number): Promise<Buffer> {
  const hue = (n * 47) % 360;
  const shapes = Array.from({ length: 6 }, (_, i) => {
    const x = ((n + 1) * (i + 3) * 211) % 1800;
    const y = ((n + 2) * (i + 5) * 137) % 1300;
    const r = 80 + ((n * 31 + i * 53) % 220);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="hsl(${(hue + i * 60) % 360},70%,${35 + i * 7}%)"/>`;
  }).join('');
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="1500">` +
      `<rect width="2000" height="1500" fill="hsl(${hue},45%,55%)" fill-opacity="0.6"/>${shapes}</svg>`,
  );
  return sharp({
    create: {
      width: 2000,
      height: 1500,
      channels: 3,
      background: { r: 90 + (n % 5) * 30, g: 110, b: 140 - (n % 4) * 20 },
      noise: { type: 'gaussian', mean: 0, sigma: 18 },
    },
  })
    .composite([{ input: svg }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

async function waitForThumbnails(origin: string, cookie: string): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const res = await fetch(`${origin}${API_BASE}/files/user-files?limit=${COUNT}`, { headers: { cookie } });
    const files = ((await res.json()) as { data: { thumbnailUrl: string | null }[] }).data;
    if (files.length === COUNT && files.every((f) => f.thumbnailUrl)) return;
    if (Date.now() > deadline) throw new Error('grid: thumbnails not made within 10 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }
}

interface Load {
  lcpMs: number;
  listMs: number;
  /** Infinity in the table, which shows no thumbnails. */
  firstThumbnailMs: number;
  /** Bytes on the wire for every request of the page (document, scripts, styles, API, images). */
  pageBytes: number;
  /** Bytes on the wire for the thumbnails, once every card's image has loaded (the grid scrolled through). */
  thumbnailBytes: number;
  thumbnails: number;
}

/**
 * One cold load (new browser context: empty cache) of My Files in a layout. LCP is the browser's own
 * 'largest-contentful-paint' entry once the first screen has painted; then the page is scrolled to the end so
 * every lazy image loads and its bytes are counted, as a user looking through the whole page would.
 */
async function coldLoad(
  browser: Browser,
  origin: string,
  cookie: string,
  layout: 'grid' | 'table',
): Promise<Load> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)];
    await context.addCookies([{ name, value, url: origin }]);
    await context.addInitScript(
      ([key, view]) => (globalThis as unknown as BrowserWindow).localStorage.setItem(key!, view!),
      [LAYOUT_KEY, layout],
    );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const urls = new Map<string, string>();
    let pageBytes = 0;
    let thumbnailBytes = 0;
    let thumbnails = 0;
    cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, e.response.url));
    cdp.on('Network.loadingFinished', (e) => {
      pageBytes += e.encodedDataLength;
      if (/\/thumbnail(\?|$)/.test(urls.get(e.requestId) ?? '')) {
        thumbnailBytes += e.encodedDataLength;
        thumbnails += 1;
      }
    });
    await page.goto(`${origin}/dashboard/my-files`);
    // Both layouts link every file to its preview (the table and, hidden on a desktop, the phone cards).
    await page.waitForFunction(
      (count) =>
        (globalThis as unknown as BrowserWindow).document.querySelectorAll('main a[href^="/dashboard/file/"]')
          .length >= count,
      COUNT,
    );
    // Every image on the first screen has painted (the grid's thumbnails; none in the table).
    await page.waitForFunction(() => {
      const w = globalThis as unknown as BrowserWindow;
      return Array.from(w.document.images)
        .filter((img) => img.getBoundingClientRect().top < w.innerHeight)
        .every((img) => img.complete);
    });
    // An image's entry is made when it is painted, a frame or more after it has loaded; read too early, the
    // entries end at the text painted before it. The entries carry their own times, so waiting costs nothing.
    await page.waitForTimeout(LCP_SETTLE_MS);
    const lcpMs = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new (globalThis as unknown as BrowserWindow).PerformanceObserver((list) =>
            resolve(list.getEntries().at(-1)!.startTime),
          ).observe({
            type: 'largest-contentful-paint',
            buffered: true,
          });
        }),
    );
    // Where the time went: when the list's answer and the first thumbnail had arrived (ms from navigation).
    // No named functions inside: the bench's loader would wrap them in a helper the page does not have.
    const milestones = await page.evaluate(() => {
      const entries = (globalThis as unknown as BrowserWindow).performance.getEntriesByType('resource');
      const list = entries.filter((e) => /\/files\/user-files/.test(e.name)).map((e) => e.responseEnd);
      const thumbs = entries.filter((e) => /\/thumbnail/.test(e.name)).map((e) => e.responseEnd);
      return {
        listMs: Math.round(Math.min(...list)),
        firstThumbnailMs: Math.round(Math.min(...thumbs, Infinity)),
      };
    });
    if (layout === 'grid') {
      for (let y = 0; y < 20; y++) {
        await page.mouse.wheel(0, VIEWPORT.height);
        await page.waitForTimeout(100);
      }
      await page.waitForFunction(
        (count) =>
          Array.from((globalThis as unknown as BrowserWindow).document.images).filter(
            (img) => img.complete && img.naturalWidth > 0,
          ).length >= count,
        COUNT,
      );
      // loadingFinished of the last image may arrive just after its load event.
      await page.waitForTimeout(300);
    }
    return { lcpMs, ...milestones, pageBytes, thumbnailBytes, thumbnails };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * A grid page of 50 thumbnails, served by CloudStash with the built web app and loaded cold in Chromium on
 * loopback: the thumbnails' bytes (against the originals they stand for) and the Largest Contentful Paint
 * (against the same page as a table, which shows no images), the median of five cold loads each.
 */
export async function gridBenchmark(ctx: Ctx): Promise<Row[]> {
  const dist = path.join(WEB_DIR, 'dist');
  if (!fs.existsSync(path.join(dist, 'index.html')))
    throw new Error('grid: apps/web/dist is missing (run without --no-build, or build the web app)');
  const dataDir = path.join(ctx.root, 'grid-data');
  const server = await startCloudStash({ dataDir, env: { WEB_DIST_DIR: dist } });
  const browser = await launchChromium();
  try {
    const cookie = await signUp(server.origin, 'grid@bench.test');
    let originalBytes = 0;
    ctx.log(`grid: uploading ${COUNT} 3 MP photos`);
    for (let n = COUNT - 1; n >= 0; n--) {
      const bytes = await photo(n);
      originalBytes += bytes.length;
      await upload(server.origin, cookie, multipartBody(bytes, `photo-${n}.jpg`, 'image/jpeg').body);
    }
    await waitForThumbnails(server.origin, cookie);

    const grid: Load[] = [];
    const table: Load[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      table.push(await coldLoad(browser, server.origin, cookie, 'table'));
      grid.push(await coldLoad(browser, server.origin, cookie, 'grid'));
    }
    const last = grid.at(-1)!;
    if (last.thumbnails !== COUNT) throw new Error(`grid: ${last.thumbnails} of ${COUNT} thumbnails loaded`);
    const lcp = median(grid.map((l) => l.lcpMs));
    const tableLcp = median(table.map((l) => l.lcpMs));
    const thumbMb = last.thumbnailBytes / MB;
    ctx.log(
      `grid: ${COUNT} thumbnails ${(last.thumbnailBytes / 1024).toFixed(0)} KB (page ${(last.pageBytes / 1024).toFixed(0)} KB); ` +
        `LCP grid ${lcp.toFixed(0)} ms, table ${tableLcp.toFixed(0)} ms`,
    );
    return [
      {
        section: 'web',
        workload: `grid page of ${COUNT} thumbnails at 256 px, bytes on the wire once all have loaded`,
        baseline: `${(originalBytes / MB).toFixed(1)} MB of originals`,
        cloudstash: `${(last.thumbnailBytes / 1024).toFixed(0)} KB thumbnails (page in all ${(last.pageBytes / 1024).toFixed(0)} KB)`,
        ratio: last.thumbnailBytes / originalBytes,
        target: 'thumbnails < 1 MB',
        pass: thumbMb < 1,
        details: { ...last, originalBytes, rounds: grid },
      },
      {
        section: 'web',
        workload: `grid page of ${COUNT} thumbnails, Largest Contentful Paint in Chromium on loopback (cold, median of ${ROUNDS})`,
        baseline: `${tableLcp.toFixed(0)} ms (the same page as a table)`,
        cloudstash: `${lcp.toFixed(0)} ms`,
        ratio: lcp / tableLcp,
        target: '< 1500 ms',
        pass: lcp < 1500,
        details: { grid, table },
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
