/**
 * Ad-hoc look at where the folder-drop row's time goes in Chromium (not part of `npm run bench`): the same
 * 'Upload folder' choice as src/folder-drop.ts, for each size in SIZES (default 250,1000 files of 10 KB), with the
 * page's main-thread time from Chrome's Performance domain (scripts, style, layout) and the requests it made.
 * If the page's cost per file grows with the number of files, the rate falls as the drop grows.
 *
 *   node --import tsx bench/src/profile-folder-drop.ts          (needs a built apps/web)
 *   SIZES=100,500,1000 node --import tsx bench/src/profile-folder-drop.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchChromium } from './lib/chromium';
import { untilPanelSays } from './folder-drop';
import { signUp } from './lib/api';
import { WEB_DIR } from './lib/paths';
import { stopAllChildren, threadCpuSeconds } from './lib/proc';
import { startCloudStash } from './lib/servers';

const sizes = (process.env.SIZES ?? '250,1000').split(',').map(Number);
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudstash-drop-profile-'));

/** CPU seconds so far of the server and of each kind of Chromium process (browser, renderer, gpu, utility). */
function cpuByProcess(serverPid: number): Map<string, number> {
  const out = new Map<string, number>();
  const add = (key: string, pid: number) => {
    try {
      const seconds = [...threadCpuSeconds(pid)]
        .filter(([t]) => t !== 'main waiting')
        .reduce((a, [, v]) => a + v, 0);
      out.set(key, (out.get(key) ?? 0) + seconds);
    } catch {
      // gone
    }
  };
  add('server', serverPid);
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let cmdline = '';
    try {
      cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (!cmdline.includes('chromium') || !cmdline.includes('playwright')) continue;
    const type = /--type=([a-z-]+)/.exec(cmdline)?.[1] ?? 'browser';
    const service = /--utility-sub-type=([a-zA-Z.]+)/.exec(cmdline)?.[1];
    add(`chromium ${type}${service ? ` ${service}` : ''}`, Number(pid));
  }
  return out;
}

/** Time on the page's main thread by trace event (events nest, so the sums overlap), per file. */
function summarizeTrace(file: string, files: number) {
  const { traceEvents } = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    traceEvents: {
      name: string;
      ph: string;
      dur?: number;
      tid: number;
      pid: number;
      args?: { name?: string };
    }[];
  };
  const main = traceEvents.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const sums = new Map<string, number>();
  for (const e of traceEvents) {
    if (!main || e.pid !== main.pid || e.tid !== main.tid || e.ph !== 'X' || !e.dur) continue;
    sums.set(e.name, (sums.get(e.name) ?? 0) + e.dur / 1000);
  }
  console.log(
    `  renderer main thread by trace event, ms per file: ${[...sums]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 18)
      .map(([k, v]) => `${k} ${(v / files).toFixed(2)}`)
      .join(', ')}`,
  );
}

function writeTree(dir: string, files: number) {
  for (let i = 0; i < files; i++) {
    const sub = path.join(dir, `sub-${i % 10}`);
    fs.mkdirSync(sub, { recursive: true });
    fs.writeFileSync(path.join(sub, `file-${i}.txt`), `${dir} ${i} `.repeat(400).slice(0, 10 * 1024));
  }
}

async function main() {
  const server = await startCloudStash({
    dataDir: path.join(root, 'data'),
    env: { WEB_DIST_DIR: path.join(WEB_DIR, 'dist') },
  });
  const browser = await launchChromium();
  try {
    const cookie = await signUp(server.origin, 'drop-profile@bench.test');
    for (const files of sizes) {
      const dir = path.join(root, `drop-${files}`);
      writeTree(dir, files);
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const eq = cookie.indexOf('=');
      await context.addCookies([
        { name: cookie.slice(0, eq), value: cookie.slice(eq + 1), url: server.origin },
      ]);
      const page = await context.newPage();
      const requests = new Map<string, number>();
      page.on('request', (request) => {
        const url = new URL(request.url());
        const key = `${request.method()} ${url.pathname.replace(/[0-9a-f-]{36}/g, ':id')}`;
        requests.set(key, (requests.get(key) ?? 0) + 1);
      });
      await page.goto(`${server.origin}/dashboard/my-files`);
      await page.getByRole('button', { name: 'Upload folder' }).waitFor();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      const metrics = async () =>
        Object.fromEntries(
          (
            (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] }
          ).metrics.map((m) => [m.name, m.value]),
        );
      requests.clear();
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
      const cpuBefore = cpuByProcess(server.child.pid);
      const tracePath = path.join(root, `trace-${files}.json`);
      await browser.startTracing(page, {
        path: tracePath,
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
      });
      const before = await metrics();
      const started = performance.now();
      await page.getByTestId('upload-folder-input').setInputFiles(dir);
      await untilPanelSays(page, `${files} of ${files} uploaded · all done`);
      const seconds = (performance.now() - started) / 1000;
      const after = await metrics();
      const cpuAfter = cpuByProcess(server.child.pid);
      await browser.stopTracing();
      summarizeTrace(tracePath, files);
      const { profile } = (await cdp.send('Profiler.stop')) as {
        profile: {
          nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
          samples: number[];
          timeDeltas: number[];
        };
      };
      const spent = (name: string) => after[name]! - before[name]!;
      const ms = (name: string) => `${((spent(name) * 1000) / files).toFixed(2)} ms`;
      console.log(
        `${files} files: ${(files / seconds).toFixed(1)} files/s over ${seconds.toFixed(1)} s; page main thread busy ` +
          `${((spent('TaskDuration') / seconds) * 100).toFixed(0)} %; per file: tasks ${ms('TaskDuration')}, ` +
          `script ${ms('ScriptDuration')}, style ${ms('RecalcStyleDuration')}, layout ${ms('LayoutDuration')}`,
      );
      console.log(
        `  requests: ${[...requests]
          .sort((a, b) => b[1] - a[1])
          .map(([k, n]) => `${k} ×${n}`)
          .join(', ')}`,
      );
      console.log(
        `  CPU share of one core over the drop: ${[...cpuAfter]
          .map(([k, v]) => [k, (v - (cpuBefore.get(k) ?? 0)) / seconds] as const)
          .filter(([, share]) => share > 0.01)
          .sort((a, b) => b[1] - a[1])
          .map(([k, share]) => `${k} ${(share * 100).toFixed(0)} %`)
          .join(', ')}`,
      );
      const self = new Map<string, number>();
      const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
      profile.samples.forEach((id, i) => {
        const frame = byId.get(id)!;
        const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber}`;
        self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
      });
      const total = [...self.values()].reduce((a, b) => a + b, 0);
      console.log(
        `  renderer CPU profile, self time: ${[...self]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 12)
          .map(([k, v]) => `${k} ${((v / total) * 100).toFixed(1)} %`)
          .join('; ')}`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main()
  .catch(async (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
    await stopAllChildren();
  })
  .finally(() => fs.rmSync(root, { recursive: true, force: true }));
