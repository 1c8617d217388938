import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>CloudStash</title></head>
<body><main><h1>CloudStash</h1><p>The API is running under <a href="/api/docs">/api/v1</a>.
The web app has not been built: run <code>npm run build</code>, or start with <code>npm start</code>.</p></main></body></html>`;

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and index.html for every
 * other non-API path so client-side routes survive a reload. Files go out as the brotli or gzip copy the build
 * made beside them (apps/web/build/precompress.mjs) when the browser takes it, with `Vary: Accept-Encoding`.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const built = fs.existsSync(path.join(distDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        void reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    // A missing hashed asset is a 404: answering it with index.html would hand a script tag an HTML page.
    const isAsset = pathname.startsWith('/assets/');
    if (isAsset || pathname.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND' });
    }
    if (!built) return reply.type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    const file = path.join(distDir, pathname);
    if (
      pathname !== '/' &&
      file.startsWith(distDir + path.sep) &&
      fs.existsSync(file) &&
      fs.statSync(file).isFile()
    ) {
      return reply.sendFile(pathname.slice(1));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
