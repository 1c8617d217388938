import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_BASE } from '@cloudstash/contract';
import { createBlobStore } from './blobs/create-blob-store';
import type { BlobStore } from './blobs/blob-store';
import type { Config } from './config';
import { connectDatabase, type Db } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { adminSessionOnly, sessionPlugin } from './http/auth';
import { frameworkErrorHandler, registerErrorHandler } from './http/error-handler';
import { multipartLimits } from './http/multipart-upload';
import { registerNoStoreForCredentials } from './http/no-store';
import { registerHostCheck } from './http/host-check';
import { logRedaction } from './http/log-redaction';
import { registerOriginCheck } from './http/origin-check';
import { drainRefusedBody } from './http/refused-body';
import { registerNulRejection } from './http/reject-nul';
import { securityHeaderWriter } from './http/security-headers';
import { adminRoutes } from './routes/admin';
import { adminUserRoutes } from './routes/admin-users';
import { configRoutes } from './routes/config';
import { meRoutes } from './routes/me';
import { signInRoutes } from './routes/sign-in';
import { ssoRoutes } from './routes/sso';
import { fileRoutes } from './routes/files';
import { folderRoutes } from './routes/folders';
import { selectionRoutes } from './routes/selections';
import { trashRoutes } from './routes/trash';
import { shareRoutes } from './routes/shares';
import { uploadRequestRoutes } from './routes/upload-requests';
import { requestVisitRoutes } from './routes/request-visits';
import { adminGroupRoutes } from './routes/admin-groups';
import { adminMailRoutes } from './routes/admin-mail';
import { fileVersionRoutes } from './routes/file-versions';
import { healthRoutes } from './routes/health';
import { linkRoutes } from './routes/share-links';
import { registerSharedPageHeaders, sharedRoutes } from './routes/shared';
import { uploadRoutes } from './routes/uploads';
import { userRoutes } from './routes/users';
import { registerWebApp } from './routes/web';
import { davRoutes, registerDavMethods } from './routes/dav';
import { ensurePrivateDir } from './private-files';
import { loadAppSecret } from './secrets';
import type { Clock } from './services/clock';
import { createServices, type Services } from './services/container';
import type { UploadHooks } from './upload/hooks';

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
  /** The database and blob store the services use, for the tools and tests that inspect them directly. */
  db: Db;
  store: BlobStore;
  /** Marks the process as leaving: health answers 503 so the load balancer stops sending work. */
  beginShutdown(): void;
}

/** What a caller may supply instead of what `config` describes (tests wrap or replace these). */
export interface AppOverrides {
  db?: Db;
  store?: BlobStore;
  /** Observers of each upload's steps; none in production. */
  hooks?: UploadHooks;
  /** The clock every service reads; the system clock in production. */
  clock?: Clock;
}

/** Everything but listening (fastify/demo's pattern), so tests can inject requests or listen on any port. */
export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<BuiltApp> {
  const writeSecurityHeaders = securityHeaderWriter(config);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Credentials never reach a log line, whatever a future log call includes.
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password'],
      // Nor do the secrets some URLs carry (share, reset and invite tokens, download signatures).
      ...logRedaction,
    },
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    // Slow or stuck clients cannot hold a connection for ever (test/security/slow-clients.test.ts):
    // headers must arrive within 10 s and a whole request (a 5 MB upload included) within 5 minutes; a
    // socket with no traffic either way is closed after 2 minutes, an idle keep-alive one after 10 s.
    // Node enforces the first two only when it checks, so it checks every second rather than every 30.
    connectionTimeout: 2 * 60_000,
    requestTimeout: 5 * 60_000,
    keepAliveTimeout: 10_000,
    http: { headersTimeout: 10_000, connectionsCheckingInterval: 1000 },
    // As long as Node lets a request line be (16 KiB of headers), so an id of any length reaches its route's
    // schema and is answered as the unknown id it is (404 with the resource's message), not as a URL error.
    routerOptions: { maxParamLength: 16 * 1024 },
    // A URL the router cannot read (bad percent-encoding) is answered before any hook runs; this gives it the
    // same headers, request id and `{ message, code }` body as every other error.
    frameworkErrors: frameworkErrorHandler(writeSecurityHeaders),
  });
  registerDavMethods(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  // A refusal answered before its body was read (too large, a second file, a refused type): read a bounded
  // amount of what follows so the client can read the answer, then close gracefully (http/refused-body.ts).
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 400) drainRefusedBody(request.raw);
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  // Owner-only from the start (and tightened if an older version left them open): see private-files.ts.
  ensurePrivateDir(config.dataDir);
  ensurePrivateDir(config.tmpDir);
  const db = overrides.db ?? connectDatabase(config);
  const store = overrides.store ?? (await createBlobStore(config));
  await migrateToLatest(db);
  const services = createServices(config, db, store, loadAppSecret(config), app.log, {
    hooks: overrides.hooks,
    clock: overrides.clock,
  });
  let shuttingDown = false;

  registerErrorHandler(app);
  await app.register(fastifyCookie);
  app.addHook('onRequest', (request, reply, done) => {
    writeSecurityHeaders(request.raw, reply.raw);
    done();
  });
  await app.register(fastifyMultipart, {
    limits: multipartLimits(config.maxUploadBytes),
    throwFileSizeLimit: false,
  });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'CloudStash API', version: '1.0.0' }, servers: [{ url: '/' }] },
    transform: jsonSchemaTransform,
  });
  // The docs are a page of ours too: the same strict policy (no inline script, no framing), and no
  // upgrade-insecure-requests, which would break them on a plain-http instance.
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP:
      "default-src 'self'; base-uri 'self'; font-src 'self' data:; frame-ancestors 'none'; img-src 'self' data:; " +
      "object-src 'none'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'; form-action 'self'",
  });
  registerHostCheck(app, config);
  registerOriginCheck(app, config);
  registerNulRejection(app);
  registerSharedPageHeaders(app);
  registerNoStoreForCredentials(app);
  await app.register(sessionPlugin, {
    sessions: services.sessions,
    accessTokens: services.accessTokens,
    config,
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { services, isShuttingDown: () => shuttingDown });
      await api.register(configRoutes, { services });
      await api.register(uploadRoutes, { services });
      await api.register(userRoutes, { services });
      await api.register(fileRoutes, { services });
      await api.register(folderRoutes, { services });
      await api.register(selectionRoutes, { services });
      await api.register(trashRoutes, { services });
      await api.register(shareRoutes, { services });
      await api.register(fileVersionRoutes, { services });
      await api.register(linkRoutes, { services });
      await api.register(sharedRoutes, { services, config });
      await api.register(uploadRequestRoutes, { services });
      await api.register(requestVisitRoutes, { services, config });
      await api.register(meRoutes, { services });
      await api.register(signInRoutes, { services });
      await api.register(ssoRoutes, { services });
      // Every administration route, with its guard added once for the whole scope: an administrator's
      // signed-in session, never an access token (a route added here later is guarded without a word).
      await api.register(
        async (admin) => {
          admin.addHook('onRequest', adminSessionOnly);
          await admin.register(adminRoutes, { services });
          await admin.register(adminUserRoutes, { services });
          await admin.register(adminGroupRoutes, { services });
          await admin.register(adminMailRoutes, { services });
        },
        { prefix: '/admin' },
      );
    },
    { prefix: API_BASE },
  );
  await app.register(davRoutes, { services });
  await registerWebApp(app, config.webDistDir);

  // Two background workers per process (thumbnails, mail); each finishes the job in hand before the database
  // closes. Copies a killed predecessor left behind go first, before this process's own jobs make new ones.
  await services.thumbnails.removeLeftoverCopies();
  services.thumbnailWorker.start();
  services.mailWorker.start();
  app.addHook('onClose', async () => {
    await Promise.all([services.thumbnailWorker.stop(), services.mailWorker.stop()]);
    // Blobs of files deleted just now are reclaimed before the database goes (gc would, later).
    await services.reclaims.drain();
    if (!overrides.db) await db.destroy();
  });
  return { app, services, db, store, beginShutdown: () => (shuttingDown = true) };
}
