import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { clientInstalled, davAccount, startDavServer, type DavAccount, type DavServer } from './dav-server';

const run = promisify(execFile);
const SUITES = ['basic', 'copymove', 'props', 'locks', 'http'];

/** Each suite's closing line: "<- summary for `basic': of 16 tests run: 16 passed, 0 failed. 100.0%". */
function summaries(output: string): Record<string, { run: number; passed: number; failed: number }> {
  const out: Record<string, { run: number; passed: number; failed: number }> = {};
  for (const m of output.matchAll(/summary for `(\w+)': of (\d+) tests run: (\d+) passed, (\d+) failed/g)) {
    out[m[1]!] = { run: Number(m[2]), passed: Number(m[3]), failed: Number(m[4]) };
  }
  return out;
}

/** litmus, the WebDAV conformance suite (Debian `litmus`): all five suites pass every test. */
describe.runIf(clientInstalled('litmus'))('litmus', () => {
  describe.each(DIALECTS)('on %s', (dialect) => {
    let server: DavServer;
    let account: DavAccount;
    beforeAll(async () => {
      server = await startDavServer(dialect);
      account = await davAccount(server.baseUrl);
    });
    afterAll(() => server?.stop());

    it('passes basic, copymove, props, locks and http at 100 %', { timeout: 300_000 }, async () => {
      const result = await run('litmus', [server.davUrl, account.email, account.token], {
        env: { ...process.env, TESTS: SUITES.join(' ') },
        maxBuffer: 16 * 1024 * 1024,
      }).catch((error: { stdout?: string; stderr?: string }) => ({
        stdout: error.stdout ?? '',
        stderr: error.stderr ?? '',
      }));
      const counts = summaries(result.stdout);
      console.info(`litmus on ${dialect}: ${JSON.stringify(counts)}`);
      const failedLines = result.stdout.split('\n').filter((line) => /FAIL/.test(line));
      expect(failedLines, result.stdout).toEqual([]);
      expect(Object.keys(counts).sort(), result.stdout).toEqual([...SUITES].sort());
      for (const suite of SUITES) {
        expect(counts[suite]!.failed, `${suite}\n${result.stdout}`).toBe(0);
        expect(counts[suite]!.passed, suite).toBe(counts[suite]!.run);
      }
    });
  });
});
