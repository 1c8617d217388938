import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './lib/chromium';
import { API_BASE } from '@cloudstash/contract';
import { batchMultipartBody, multipartBody, multipartHeaders, signUp } from './lib/api';
import { WEB_DIR } from './lib/paths';
import type { Row } from './lib/report';
import { startCloudStash } from './lib/servers';

const FILES = 1000;
const FILE_BYTES = 10 * 1024;
const SUBFOLDERS = 10;
/**
 * The web app's upload panel keeps three requests going, and sends small files sixteen to a request
 * (POST /files/upload-batch); the script does the same, so the ratio is the app's own cost.
 */
const PARALLEL = 3;
const PER_REQUEST = 16;
/** Interleaved rounds of each way; the median of each is compared. */
const ROUNDS = 5;

interface Ctx {
  root: string;
  log: (line: string) => void;
}

/** Top/sub-k/file-i.txt: FILES files of FILE_BYTES, each with bytes of its own (no upload is a duplicate). */
export function writeTree(dir: string, tag: string): string[] {
  const files: string[] = [];
  for (let i = 0; i < FILES; i++) {
    const sub = path.join(dir, `sub-${i % SUBFOLDERS}`);
    fs.mkdirSync(sub, { recursive: true });
    const file = path.join(sub, `file-${i}.txt`);
    const line = `${tag} file ${i} `;
    fs.writeFileSync(file, line.repeat(Math.ceil(FILE_BYTES / line.length)).slice(0, FILE_BYTES));
    files.push(file);
  }
  return files;
}

async function post(origin: string, cookie: string, pathname: string, body: unknown) {
  const res = await fetch(`${origin}${API_BASE}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { _id: string } }).data;
}

/**
 * The bare script: make the folders, then send every file into its folder, PARALLEL requests at a time, each
 * carrying `perRequest` files (1: the single-file route, as a script unaware of batches would).
 */
export async function scriptUpload(
  origin: string,
  cookie: string,
  dir: string,
  files: string[],
  perRequest = PER_REQUEST,
): Promise<number> {
  const started = performance.now();
  const top = await post(origin, cookie, '/folders', { name: path.basename(dir), parentId: null });
  const subIds = new Map<string, string>();
  for (let k = 0; k < SUBFOLDERS; k++) {
    subIds.set(
      `sub-${k}`,
      (await post(origin, cookie, '/folders', { name: `sub-${k}`, parentId: top._id }))._id,
    );
  }
  const folderOf = (file: string) => subIds.get(path.basename(path.dirname(file)))!;
  const send = async (group: string[]) => {
    if (perRequest === 1) {
      const file = group[0]!;
      const { body } = multipartBody(fs.readFileSync(file), path.basename(file), 'text/plain', false, {
        folderId: folderOf(file),
      });
      return fetch(`${origin}${API_BASE}/files/upload`, {
        method: 'POST',
        headers: { ...multipartHeaders, cookie },
        body,
      });
    }
    const body = batchMultipartBody(
      group.map((file) => ({
        bytes: fs.readFileSync(file),
        filename: path.basename(file),
        mimetype: 'text/plain',
        fields: { folderId: folderOf(file) },
      })),
    );
    const res = await fetch(`${origin}${API_BASE}/files/upload-batch`, {
      method: 'POST',
      headers: { ...multipartHeaders, cookie },
      body,
    });
    const answer = (await res.clone().json()) as { data?: { results: { status: number }[] } };
    if (answer.data?.results.some((result) => result.status !== 201))
      throw new Error(`batch: ${JSON.stringify(answer)}`);
    return res;
  };
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const group = files.slice(next, next + perRequest);
      next += group.length;
      const res = await send(group);
      if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return (performance.now() - started) / 1000;
}

/** What the summary check reads in the page (the bench is compiled without the DOM's types). */
interface PageWindow {
  document: { querySelectorAll(selector: string): Iterable<{ textContent: string | null }> };
}

/**
 * Waits for the upload panel's summary line, read ten times a second. A text search of the whole page
 * (getByText) runs on every frame and walks the panel's thousand rows each time, in the renderer the drop uses.
 */
export function untilPanelSays(page: Page, summary: string) {
  return page.waitForFunction(
    (done) =>
      [...(globalThis as unknown as PageWindow).document.querySelectorAll('[aria-live="polite"]')].some(
        (line) => line.textContent === done,
      ),
    summary,
    { polling: 100, timeout: 15 * 60_000 },
  );
}

/** The same tree chosen with My Files' 'Upload folder' in Chromium, until the panel says all are done. */
async function browserUpload(browser: Browser, origin: string, cookie: string, dir: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)];
    await context.addCookies([{ name, value, url: origin }]);
    const page = await context.newPage();
    await page.goto(`${origin}/dashboard/my-files`);
    await page.getByRole('button', { name: 'Upload folder' }).waitFor();
    const started = performance.now();
    await page.getByTestId('upload-folder-input').setInputFiles(dir);
    await untilPanelSays(page, `${FILES} of ${FILES} uploaded · all done`);
    return (performance.now() - started) / 1000;
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * A folder of 1,000 files of 10 KB in ten subfolders, uploaded through the web app's folder picker in Chromium
 * (the same path a dropped folder takes: folders made first, then the files, sixteen to a request and three
 * requests at a time, with the panel drawing each one's state), against a bare script sending the same requests,
 * interleaved over ROUNDS rounds. The script's rate one file per request is kept for the record.
 */
export async function folderDropBenchmark(ctx: Ctx): Promise<Row[]> {
  const dist = path.join(WEB_DIR, 'dist');
  if (!fs.existsSync(path.join(dist, 'index.html')))
    throw new Error('folder drop: apps/web/dist is missing (run without --no-build, or build the web app)');
  const dataDir = path.join(ctx.root, 'folder-drop-data');
  const server = await startCloudStash({ dataDir, env: { WEB_DIST_DIR: dist } });
  const browser = await launchChromium();
  try {
    const cookie = await signUp(server.origin, 'folder-drop@bench.test');
    const script: number[] = [];
    const onePerRequest: number[] = [];
    const dropped: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const scriptDir = path.join(ctx.root, `script-${round}`);
      const singleDir = path.join(ctx.root, `single-${round}`);
      const dropDir = path.join(ctx.root, `drop-${round}`);
      const scriptFiles = writeTree(scriptDir, `script ${round}`);
      const singleFiles = writeTree(singleDir, `single ${round}`);
      writeTree(dropDir, `drop ${round}`);
      script.push(FILES / (await scriptUpload(server.origin, cookie, scriptDir, scriptFiles)));
      onePerRequest.push(FILES / (await scriptUpload(server.origin, cookie, singleDir, singleFiles, 1)));
      dropped.push(FILES / (await browserUpload(browser, server.origin, cookie, dropDir)));
      ctx.log(
        `folder drop round ${round + 1}: script ${script.at(-1)!.toFixed(0)} files/s (one file per request ` +
          `${onePerRequest.at(-1)!.toFixed(0)}), Chromium ${dropped.at(-1)!.toFixed(0)} files/s`,
      );
    }
    const ratios = dropped.map((rate, i) => rate / script[i]!);
    const ratio = median(dropped) / median(script);
    return [
      {
        section: 'web',
        workload: `uploading ${FILES.toLocaleString('en-US')} files of 10 KB in ${SUBFOLDERS} subfolders by choosing the folder in My Files (Chromium, ${PARALLEL} requests at a time, ${PER_REQUEST} files each)`,
        baseline: `${median(script).toFixed(0)} files/s (a bare script sending the same requests; ${median(onePerRequest).toFixed(0)} files/s one file per request)`,
        cloudstash: `${median(dropped).toFixed(0)} files/s`,
        ratio,
        target: '≥ 0.5',
        pass: ratio >= 0.5,
        spread: {
          min: Math.min(...ratios),
          median: median(ratios),
          max: Math.max(...ratios),
          n: ROUNDS,
        },
        details: { script, onePerRequest, dropped },
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
