import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_BASE } from '@cloudstash/contract';
import { createBlobStore } from './blobs/create-blob-store';
import type { BlobStore } from './blobs/blob-store';
import type { Config } from './config';
import { connectDatabase, type Db } from './db/connect';
import { migrateToLatest } from './db/migrations';
import { sessionPlugin } from './http/auth';
import { registerErrorHandler } from './http/error-handler';
import { multipartLimits } from './http/multipart-upload';
import { registerOriginCheck } from './http/origin-check';
import { registerNulRejection } from './http/reject-nul';
import { adminRoutes } from './routes/admin';
import { fileRoutes } from './routes/files';
import { healthRoutes } from './routes/health';
import { userRoutes } from './routes/users';
import { registerWebApp } from './routes/web';
import { loadAppSecret } from './secrets';
import { createServices, type Services } from './services/container';
import { beforeCommitCrashPoint, crashHookArmed, withRenameCrashPoint } from './upload/crash-points';

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
  /** Marks the process as leaving: health answers 503 so the load balancer stops sending work. */
  beginShutdown(): void;
}

/** Everything but listening (fastify/demo's pattern), so tests can inject requests or listen on any port. */
export async function buildApp(
  config: Config,
  overrides: { db?: Db; store?: BlobStore } = {},
): Promise<BuiltApp> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Credentials never reach a log line, whatever a future log call includes.
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password'],
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
    routerOptions: { maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  // After refusing an oversized body, read no more of it: Node would otherwise drain whatever the client
  // keeps sending. The socket is paused, then closed once the answer has had time to reach the client.
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode !== 413 || request.raw.complete) return;
    const socket = request.raw.socket;
    socket.pause();
    setTimeout(() => socket.destroy(), 1000).unref();
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const givenDb = overrides.db ?? connectDatabase(config);
  const givenStore = overrides.store ?? (await createBlobStore(config));
  // Test-only crash points (upload/crash-points.ts); nothing is wrapped unless CLOUDSTASH_TEST_CRASH_AT is set.
  const db = crashHookArmed ? givenDb.withPlugin(beforeCommitCrashPoint()) : givenDb;
  const store = crashHookArmed ? withRenameCrashPoint(givenStore) : givenStore;
  await migrateToLatest(db);
  const services = createServices(config, db, store, loadAppSecret(config.dataDir), app.log);
  let shuttingDown = false;

  registerErrorHandler(app);
  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        connectSrc: ["'self'"],
      },
    },
    hsts: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyRateLimit, { global: false });
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
  registerOriginCheck(app, config);
  registerNulRejection(app);
  await app.register(sessionPlugin, { sessions: services.sessions, config });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { services, isShuttingDown: () => shuttingDown });
      await api.register(userRoutes, { services });
      await api.register(fileRoutes, { services });
      await api.register(adminRoutes, { services });
    },
    { prefix: API_BASE },
  );
  await registerWebApp(app, config.webDistDir);

  // One background worker per process (thumbnails); it finishes the job in hand before the database closes.
  // Copies a killed predecessor left behind go first, before this process's own jobs make new ones.
  await services.thumbnails.removeLeftoverCopies();
  services.worker.start();
  app.addHook('onClose', async () => {
    await services.worker.stop();
    if (!overrides.db) await db.destroy();
  });
  return { app, services, beginShutdown: () => (shuttingDown = true) };
}
