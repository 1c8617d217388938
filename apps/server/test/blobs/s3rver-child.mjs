// Runs s3rver in its own process: `node --openssl-legacy-provider s3rver-child.mjs <directory>`.
// s3rver encrypts ListObjectsV2 continuation tokens with DES, which OpenSSL 3 only offers through its legacy
// provider, so it cannot run inside the test worker. Prints {"port":N} once listening; exits when its
// parent closes stdin (so it never outlives the tests) or on SIGTERM.
import S3rver from 's3rver';
import { multipartExtras } from './s3rver-multipart.mjs';

const directory = process.argv[2];
const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
// Just before the router, the last middleware s3rver installs.
server.middleware.splice(server.middleware.length - 1, 0, multipartExtras(directory));
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
const stop = () => server.close().finally(() => process.exit(0));
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
