import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '@cloudstash/contract';
import os from 'node:os';
import path from 'node:path';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every setting CloudStash reads from the environment, with its default (README "Configuration"). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave unset for the embedded SQLite)')
    .optional(),
  BLOB_STORE: z.enum(['fs', 's3']).default('fs'),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  MAX_UPLOAD_BYTES: z.coerce.number().int().positive().default(MAX_UPLOAD_BYTES),
  PUBLIC_ORIGIN: z.url().optional(),
  // Host or host:port names, comma-separated, answered besides PUBLIC_ORIGIN's (or the loopback and own ones).
  ALLOWED_HOSTS: z.string().default(''),
  SESSION_TTL_DAYS: z.coerce.number().positive().default(30),
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(7),
  TRUST_PROXY: bool.default(false),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  REGISTER_RATE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(10),
  LOGIN_LOCKOUT_FAILURES: z.coerce.number().int().positive().default(10),
  LOGIN_LOCKOUT_MINUTES: z.coerce.number().positive().default(15),
  DOWNLOAD_LINK_MINUTES: z.coerce.number().positive().default(5),
  GC_GRACE_MINUTES: z.coerce.number().nonnegative().default(60),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().default(25),
  // Seconds between SIGTERM (health turns 503) and closing the listener, so a load balancer sees it first.
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().nonnegative().default(0),
  // Thumbnails made at once by each process: one per core by default; 0 makes none (another process does).
  THUMBNAIL_WORKERS: z.coerce.number().int().min(0).max(64).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  // Signs download links; every process of one deployment needs the same one (secrets.ts).
  APP_SECRET: z.string().optional(),
  // Who may create an account; administrators can change it at run time (the stored value then wins).
  REGISTRATION: z.enum(['open', 'invite', 'closed']).default('open'),
});

export type Config = ReturnType<typeof loadConfig>;

/** Thrown for a bad setting; main.ts prints its one-line message and exits. */
export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  // Empty strings in an .env file mean "not set", not "set to nothing".
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(`Invalid setting ${name}=${JSON.stringify(env[name])}: ${issue.message}`);
  }
  const e = parsed.data;
  if (e.BLOB_STORE === 's3' && !e.S3_BUCKET) {
    throw new ConfigError('Invalid setting S3_BUCKET: required when BLOB_STORE=s3');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? ({ kind: 'postgres', url: e.DATABASE_URL } as const)
      : ({ kind: 'sqlite', file: path.join(dataDir, 'cloudstash.db') } as const),
    blobStore:
      e.BLOB_STORE === 's3'
        ? ({
            kind: 's3',
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET!,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          } as const)
        : ({ kind: 'fs', root: path.join(dataDir, 'blobs') } as const),
    tmpDir: path.join(dataDir, 'tmp'),
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    publicOrigin: e.PUBLIC_ORIGIN ? new URL(e.PUBLIC_ORIGIN).origin : undefined,
    allowedHosts: e.ALLOWED_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    secureCookies: e.PUBLIC_ORIGIN?.startsWith('https://') ?? false,
    session: { ttlMs: e.SESSION_TTL_DAYS * 86_400_000, idleMs: e.SESSION_IDLE_DAYS * 86_400_000 },
    trustProxy: e.TRUST_PROXY,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    registerRateLimitPerHour: e.REGISTER_RATE_LIMIT_PER_HOUR,
    lockout: { failures: e.LOGIN_LOCKOUT_FAILURES, windowMs: e.LOGIN_LOCKOUT_MINUTES * 60_000 },
    downloadLinkMs: e.DOWNLOAD_LINK_MINUTES * 60_000,
    gcGraceMs: e.GC_GRACE_MINUTES * 60_000,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
    thumbnailWorkers: e.THUMBNAIL_WORKERS ?? os.availableParallelism(),
    logLevel: e.LOG_LEVEL,
    appSecret: e.APP_SECRET,
    registration: e.REGISTRATION,
    webDistDir: e.WEB_DIST_DIR
      ? path.resolve(e.WEB_DIST_DIR)
      : path.resolve(import.meta.dirname, '../../web/dist'),
  };
}
