// A reference, not a target: the least an application behind nginx can do to hand a download off. It checks
// nothing and reads nothing: every request is answered at once with the headers CloudStash's hand-off sends and
// an X-Accel-Redirect to the one file, which nginx then serves (and any range of it) with sendfile. What
// nginx makes with this upstream is the most any hand-off can reach on the machine it runs on.
import http from 'node:http';

const headers = {
  'x-accel-redirect': process.env.TARGET,
  'content-type': 'video/mp4',
  'content-disposition': 'attachment; filename="clip.mp4"',
  'content-security-policy':
    "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'",
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'private, no-store',
  vary: 'Sec-Fetch-Dest',
  etag: '"bench"',
};
const server = http.createServer((_req, res) => res.writeHead(200, headers).end());
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
