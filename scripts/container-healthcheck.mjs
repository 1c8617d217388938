// The container image's HEALTHCHECK: exit 0 when GET /api/v1/health answers 200, 1 otherwise. Node's own http
// client because the slim image has no curl, and it names the host the server answers to: with PUBLIC_ORIGIN
// set, a request for 127.0.0.1 would be refused as misdirected (421) by the DNS-rebinding defence.
import http from 'node:http';

const port = process.env.PORT || '3000';
const host = process.env.PUBLIC_ORIGIN ? new URL(process.env.PUBLIC_ORIGIN).host : `127.0.0.1:${port}`;

const request = http.get(
  { host: '127.0.0.1', port, path: '/api/v1/health', headers: { host }, timeout: 4000 },
  (response) => {
    response.resume();
    process.exit(response.statusCode === 200 ? 0 : 1);
  },
);
request.on('timeout', () => request.destroy(new Error('timed out')));
request.on('error', (error) => {
  console.error(`health check failed: ${error.message}`);
  process.exit(1);
});
