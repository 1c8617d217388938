// A reference, not a target: the least a Node server can do to serve a file (stat, one Range header, then
// fs.createReadStream piped to the response), to show what any Node server gets next to nginx's sendfile.
import fs from 'node:fs';
import http from 'node:http';

const file = process.env.FILE;
const size = fs.statSync(file).size;
const server = http.createServer((req, res) => {
  const match = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
  const start = match ? Number(match[1]) : 0;
  const end = match ? Math.min(Number(match[2]), size - 1) : size - 1;
  res.writeHead(match ? 206 : 200, {
    'content-type': 'video/mp4',
    'content-length': end - start + 1,
    ...(match && { 'content-range': `bytes ${start}-${end}/${size}` }),
  });
  fs.createReadStream(file, { start, end }).pipe(res);
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
