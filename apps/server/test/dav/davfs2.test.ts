import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { clientInstalled, davAccount, startDavServer, type DavAccount, type DavServer } from './dav-server';

const exec = promisify(execFile);

/** Why this machine cannot mount a davfs2 file system, or undefined when it can try. */
function cannotMount(): string | undefined {
  if (process.getuid?.() !== 0) return 'mounting needs root';
  if (!fs.existsSync('/dev/fuse')) return 'there is no /dev/fuse on this machine';
  return undefined;
}

/** davfs2 (Debian `davfs2`): a mounted account takes a copy, a rename and a delete, and the API sees them. */
describe.runIf(clientInstalled('mount.davfs', 'davfs2'))('davfs2', () => {
  describe.each(DIALECTS)('on %s', (dialect) => {
    let server: DavServer;
    let account: DavAccount;
    let work: string;
    beforeAll(async () => {
      server = await startDavServer(dialect);
      account = await davAccount(server.baseUrl);
      work = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudstash-davfs-'));
    });
    afterAll(async () => {
      await exec('umount', [path.join(work, 'mnt')]).catch(() => {});
      await server?.stop();
      if (work) fs.rmSync(work, { recursive: true, force: true });
    });

    it(
      'mount, copy in, rename, delete, unmount; the API sees each change',
      { timeout: 180_000 },
      async (context) => {
        const reason = cannotMount();
        if (reason) return context.skip(`davfs2 cannot mount here: ${reason}`);
        const mnt = path.join(work, 'mnt');
        fs.mkdirSync(mnt);
        const secrets = path.join(work, 'secrets');
        fs.writeFileSync(secrets, `${server.davUrl} "${account.email}" "${account.token}"\n`, {
          mode: 0o600,
        });
        const conf = path.join(work, 'davfs2.conf');
        fs.writeFileSync(conf, `secrets ${secrets}\nuse_locks 1\ndelay_upload 0\n`);
        try {
          await exec('mount.davfs', [server.davUrl, mnt, '-o', `conf=${conf}`], { timeout: 60_000 });
        } catch (error) {
          return context.skip(`davfs2 cannot mount here: ${String(error).split('\n')[0]}`);
        }
        fs.writeFileSync(path.join(mnt, 'copied in.txt'), 'from davfs2\n');
        fs.renameSync(path.join(mnt, 'copied in.txt'), path.join(mnt, 'renamed.txt'));
        fs.writeFileSync(path.join(mnt, 'doomed.txt'), 'bye\n');
        fs.rmSync(path.join(mnt, 'doomed.txt'));
        await exec('umount', [mnt], { timeout: 60_000 });
        const list = await account.client.get('/api/v1/files/user-files');
        const names = (list.body.data as Array<{ filename: string }>).map((f) => f.filename);
        expect(names).toContain('renamed.txt');
        expect(names).not.toContain('copied in.txt');
        expect(names).not.toContain('doomed.txt');
      },
    );
  });
});
