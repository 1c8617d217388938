import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import {
  basicAuth,
  clientInstalled,
  davAccount,
  startDavServer,
  type DavAccount,
  type DavServer,
} from './dav-server';

/** Runs cadaver with `commands` on its standard input; its credentials come from a .netrc in `home`. */
function cadaver(url: string, home: string, commands: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'cadaver',
      [url],
      { env: { ...process.env, HOME: home }, cwd: home, timeout: 60_000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${String(error)}\n${stdout}\n${stderr}`));
        else resolve(`${stdout}${stderr}`);
      },
    );
    child.stdin!.end(`${commands.join('\n')}\n`);
  });
}

/** cadaver (Debian `cadaver`): a scripted session makes a folder, puts, moves and gets a file. */
describe.runIf(clientInstalled('cadaver'))('cadaver', () => {
  describe.each(DIALECTS)('on %s', (dialect) => {
    let server: DavServer;
    let account: DavAccount;
    let home: string;
    beforeAll(async () => {
      server = await startDavServer(dialect);
      account = await davAccount(server.baseUrl);
      home = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudstash-cadaver-'));
      fs.writeFileSync(
        path.join(home, '.netrc'),
        `machine 127.0.0.1 login ${account.email} password ${account.token}\n`,
        { mode: 0o600 },
      );
      fs.writeFileSync(path.join(home, 'report.txt'), 'quarterly numbers\n');
    });
    afterAll(async () => {
      await server?.stop();
      if (home) fs.rmSync(home, { recursive: true, force: true });
    });

    it('mkcol, put, move and get', { timeout: 120_000 }, async () => {
      const output = await cadaver(server.davUrl, home, [
        'mkcol Reports',
        'cd Reports',
        'put report.txt',
        'move report.txt "Q1 report.txt"',
        'get "Q1 report.txt" fetched.txt',
        'ls',
        'quit',
      ]);
      expect(fs.readFileSync(path.join(home, 'fetched.txt'), 'utf8'), output).toBe('quarterly numbers\n');
      const listing = await fetch(`${server.baseUrl}/dav/Reports/`, {
        method: 'PROPFIND',
        headers: { authorization: basicAuth(account), depth: '1' },
      });
      const text = await listing.text();
      expect(text).toContain('<d:displayname>Q1 report.txt</d:displayname>');
      expect(text).not.toContain('<d:displayname>report.txt</d:displayname>');
    });
  });
});
