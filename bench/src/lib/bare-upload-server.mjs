// The upload baseline: the least a server can do with an upload. Hash the body with SHA-256 while writing it
// to a file, then answer with the hash. No parsing, no database. With FSYNC=1 it also does what makes an
// upload durable before it is acknowledged, as CloudStash does: fsync the file, then its directory (the fair
// baseline), and keeps the file, as an upload is kept.
//
// Without, it is the no-fsync reference, and removes each file once written. Kept, its unwritten pages (about
// 2 GB a slice) went to the disk after its slice, during the next one: whichever measurement followed it in
// the rotation lost 10-20 % (the distinct uploads, which then looked 1.2x slower than already-stored ones).
// Removed before writeback, they never reach the disk at all.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';

const dir = process.env.OUT_DIR;
const durable = process.env.FSYNC === '1';

async function fsyncPath(file) {
  const handle = await fs.promises.open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
let n = 0;
const server = http.createServer(async (req, res) => {
  if (req.method !== 'POST') return res.end('ok');
  const hash = crypto.createHash('sha256');
  const file = path.join(dir, `upload-${process.pid}-${n++}`);
  try {
    await pipeline(
      req,
      new Transform({
        transform(chunk, _enc, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      }),
      fs.createWriteStream(file),
    );
    if (durable) {
      await fsyncPath(file);
      await fsyncPath(dir);
    } else {
      await fs.promises.unlink(file);
    }
    const digest = hash.digest('hex');
    res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ hash: digest }));
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
