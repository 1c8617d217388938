import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { clientInstalled, davAccount, startDavServer, type DavAccount, type DavServer } from './dav-server';

const exec = promisify(execFile);

/** The tree a backup has to carry: odd names, an empty file and a 20 MB one, each with its own mtime. */
const TREE: Record<string, Buffer> = {
  'Ünïcödé/ファイル.txt': Buffer.from('unicode\n'),
  '📁 emoji/😀 smile.bin': crypto.randomBytes(3000),
  'with spaces/a file with spaces.md': Buffer.from('# spaces\n'),
  '#%&+ odd/file 1 #%&+.txt': crypto.randomBytes(512),
  'empty.txt': Buffer.alloc(0),
  'big/random 20MB.bin': crypto.randomBytes(20 * 1024 * 1024),
};

function writeTree(root: string): Map<string, number> {
  const mtimes = new Map<string, number>();
  let when = Date.UTC(2021, 2, 14, 9, 26, 53) / 1000;
  for (const [name, bytes] of Object.entries(TREE)) {
    const file = path.join(root, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bytes);
    when += 3607;
    fs.utimesSync(file, when, when);
    mtimes.set(name, when);
  }
  return mtimes;
}

/** rclone (Debian `rclone`, vendor owncloud) backs a tree up and keeps it in sync. */
describe.runIf(clientInstalled('rclone'))('rclone', () => {
  describe.each(DIALECTS)('on %s', (dialect) => {
    let server: DavServer;
    let account: DavAccount;
    let local: string;
    let remoteArgs: string[];
    const rclone = (...args: string[]) =>
      exec('rclone', [...args, ...remoteArgs, '--retries', '1', '--low-level-retries', '1'], {
        maxBuffer: 16 * 1024 * 1024,
      });

    beforeAll(async () => {
      server = await startDavServer(dialect);
      account = await davAccount(server.baseUrl);
      local = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudstash-rclone-'));
      const obscured = (await exec('rclone', ['obscure', account.token])).stdout.trim();
      remoteArgs = [
        '--webdav-url',
        server.davUrl,
        '--webdav-vendor',
        'owncloud',
        '--webdav-user',
        account.email,
        '--webdav-pass',
        obscured,
        '--config',
        '/dev/null',
      ];
    });
    afterAll(async () => {
      await server?.stop();
      if (local) fs.rmSync(local, { recursive: true, force: true });
    });

    it(
      'copies the tree, checks it byte for byte, keeps mtimes, and syncs an edit, a delete and a new folder',
      { timeout: 300_000 },
      async () => {
        const mtimes = writeTree(local);
        await rclone('copy', local, ':webdav:backup');
        await rclone('check', '--download', local, ':webdav:backup');

        const listed = JSON.parse(
          (await rclone('lsjson', '--recursive', '--files-only', ':webdav:backup')).stdout,
        ) as Array<{ Path: string; Size: number; ModTime: string }>;
        expect(listed.map((f) => f.Path).sort()).toEqual(Object.keys(TREE).sort());
        for (const file of listed) {
          expect(file.Size, file.Path).toBe(TREE[file.Path]!.length);
          expect(Math.round(Date.parse(file.ModTime) / 1000), file.Path).toBe(mtimes.get(file.Path));
        }

        fs.writeFileSync(path.join(local, 'Ünïcödé/ファイル.txt'), 'edited\n');
        fs.rmSync(path.join(local, '📁 emoji/😀 smile.bin'));
        fs.mkdirSync(path.join(local, 'new folder'));
        fs.writeFileSync(path.join(local, 'new folder/fresh.txt'), 'fresh\n');
        await rclone('sync', local, ':webdav:backup');
        await rclone('check', '--download', local, ':webdav:backup');
        const after = (await rclone('lsf', '--recursive', ':webdav:backup')).stdout;
        expect(after).toContain('new folder/fresh.txt');
        expect(after).not.toContain('😀 smile.bin');
        const edited = await rclone('cat', ':webdav:backup/Ünïcödé/ファイル.txt');
        expect(edited.stdout).toBe('edited\n');
      },
    );
  });
});
