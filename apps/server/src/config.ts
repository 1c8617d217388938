import { z } from 'zod';
import {
  DEFAULT_RESUMABLE_CHUNK_BYTES,
  MAX_UPLOAD_BYTES,
  MAX_TRASH_RETENTION_DAYS,
  MAX_VERSIONS_KEEP,
  uploadTypesModeSchema,
} from '@cloudstash/contract';
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
  // Which files an upload may be: the spec's media types only, or any file (served as a download unless it is
  // one of those). Administrators can change it at run time (the stored value then wins).
  ALLOWED_UPLOAD_TYPES: uploadTypesModeSchema.default('media'),
  // Pieces a browser sends a large file in (files larger than one piece go up resumably).
  RESUMABLE_CHUNK_BYTES: z.coerce.number().int().positive().default(DEFAULT_RESUMABLE_CHUNK_BYTES),
  // Bytes each account may store (the logical size of its files); unset means no limit. Administrators can
  // give one account its own quota, which then wins over this.
  DEFAULT_QUOTA_BYTES: z.coerce.number().int().nonnegative().optional(),
  // Earlier versions each file keeps when its bytes are replaced (oldest dropped first); 0 keeps none.
  // Administrators can change it at run time (the stored value then wins).
  VERSIONS_KEEP: z.coerce.number().int().min(0).max(MAX_VERSIONS_KEEP).default(0),
  // Days a deleted file or folder stays in its owner's trash before it is deleted for good; 0 makes every
  // delete final. Administrators can change it at run time (the stored value then wins).
  TRASH_RETENTION_DAYS: z.coerce.number().int().min(0).max(MAX_TRASH_RETENTION_DAYS).default(0),
  // Hours a resumable upload may go without receiving bytes before gc removes it.
  RESUMABLE_EXPIRY_HOURS: z.coerce.number().positive().default(24),
  // Hours a resumable upload may take from creation to its last byte, however often bytes arrive: an upload
  // kept alive by a trickle still ends, and its bytes with it.
  RESUMABLE_MAX_LIFETIME_HOURS: z.coerce
    .number()
    .positive()
    .default(7 * 24),
  // Resumable uploads one account may have in flight at once, and the bytes they may declare together (unset:
  // four times MAX_UPLOAD_BYTES). Bytes in flight count against the account's quota as well.
  RESUMABLE_MAX_IN_FLIGHT: z.coerce.number().int().positive().default(20),
  RESUMABLE_MAX_IN_FLIGHT_BYTES: z.coerce.number().int().positive().optional(),
  PUBLIC_ORIGIN: z.url().optional(),
  // Host or host:port names, comma-separated, answered besides PUBLIC_ORIGIN's (or the loopback and own ones).
  ALLOWED_HOSTS: z.string().default(''),
  SESSION_TTL_DAYS: z.coerce.number().positive().default(30),
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(7),
  TRUST_PROXY: bool.default(false),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  REGISTER_RATE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(10),
  UPLOAD_LINK_FILES_PER_ADDRESS: z.coerce.number().int().positive().default(600),
  UPLOAD_LINK_FILES_PER_LINK: z.coerce.number().int().positive().default(2000),
  LOGIN_LOCKOUT_FAILURES: z.coerce.number().int().positive().default(10),
  LOGIN_LOCKOUT_MINUTES: z.coerce.number().positive().default(15),
  DOWNLOAD_LINK_MINUTES: z.coerce.number().positive().default(5),
  GC_GRACE_MINUTES: z.coerce.number().nonnegative().default(60),
  // Stored bytes the background scrub re-hashes with SHA-256 per hour, in one process at a time; 0 turns it off.
  SCRUB_MB_PER_HOUR: z.coerce.number().nonnegative().default(2048),
  // Behind nginx: reads of locally stored files are handed to it with X-Accel-Redirect under this internal
  // location (/_blobs/ in docs/nginx/) after the access check; unset, CloudStash sends the bytes itself.
  ACCEL_REDIRECT_PREFIX: z
    .string()
    .regex(/^\/([^/\s?#]+\/)*$/, 'must be a path starting and ending with "/", such as /_blobs/')
    .optional(),
  // A file list searched by text counts at most this many matches, then answers "1000+" (meta.totalCapped).
  SEARCH_COUNT_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().default(25),
  // Seconds between SIGTERM (health turns 503) and closing the listener, so a load balancer sees it first.
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().nonnegative().default(0),
  // Thumbnails made at once by each process: one per core by default; 0 makes none (another process does).
  THUMBNAIL_WORKERS: z.coerce.number().int().min(0).max(64).optional(),
  // Thumbnail jobs of one account run at once, across every process: the other workers stay free for other
  // accounts, so one account's slow files never hold all of them.
  THUMBNAIL_RUNNING_PER_ACCOUNT: z.coerce.number().int().min(1).max(64).default(1),
  // Thumbnail jobs one account may have waiting or running; a file uploaded past it gets no thumbnail.
  THUMBNAIL_QUEUE_PER_ACCOUNT: z.coerce.number().int().min(1).default(1000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  // Signs download links; every process of one deployment needs the same one (secrets.ts).
  APP_SECRET: z.string().optional(),
  // Who may create an account; administrators can change it at run time (the stored value then wins).
  REGISTRATION: z.enum(['open', 'invite', 'closed']).default('open'),
  // Single sign-on with an OpenID Connect provider; off unless OIDC_ISSUER and OIDC_CLIENT_ID are set.
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_LABEL: z.string().trim().min(1).max(60).default('single sign-on'),
  // Whether a first sign-in with no matching account creates one (unless registration is closed).
  OIDC_AUTO_REGISTER: bool.default(false),
  // Mail over SMTP (forgot password, test mail); unset: the instance sends no mail and offers none.
  // smtp:// upgrades with STARTTLS when the server offers it; smtps:// speaks TLS from the start.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL, such as smtp://user:pass@host:587')
    .optional(),
  // The sender of every mail, such as "CloudStash <files@example.com>"; required with SMTP_URL.
  MAIL_FROM: z
    .string()
    .regex(
      /^[^\r\n]*[^\s@<>]+@[^\s@<>]+[^\r\n]*$/,
      'must be an address, such as CloudStash <files@example.com>',
    )
    .optional(),
});

export type Config = ReturnType<typeof loadConfig>;

/** Thrown for a bad setting; main.ts prints its one-line message and exits. */
export class ConfigError extends Error {}

/** The names of every setting, as `.env.example` lists them. */
export const SETTING_NAMES = Object.keys(envSchema.shape);

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
  const oidc = oidcSettings(e);
  const mail = mailSettings(e);
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
    allowedUploadTypes: e.ALLOWED_UPLOAD_TYPES,
    resumableChunkBytes: e.RESUMABLE_CHUNK_BYTES,
    resumableExpiryMs: e.RESUMABLE_EXPIRY_HOURS * 3_600_000,
    resumableLifetimeMs: e.RESUMABLE_MAX_LIFETIME_HOURS * 3_600_000,
    resumableInFlight: {
      count: e.RESUMABLE_MAX_IN_FLIGHT,
      bytes: e.RESUMABLE_MAX_IN_FLIGHT_BYTES ?? 4 * e.MAX_UPLOAD_BYTES,
    },
    // Apart from tmpDir, which start-up empties: these bytes must outlive a restart.
    resumableDir: path.join(dataDir, 'uploads'),
    defaultQuotaBytes: e.DEFAULT_QUOTA_BYTES ?? null,
    versionsKeep: e.VERSIONS_KEEP,
    trashRetentionDays: e.TRASH_RETENTION_DAYS,
    publicOrigin: e.PUBLIC_ORIGIN ? new URL(e.PUBLIC_ORIGIN).origin : undefined,
    allowedHosts: e.ALLOWED_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    secureCookies: e.PUBLIC_ORIGIN?.startsWith('https://') ?? false,
    session: { ttlMs: e.SESSION_TTL_DAYS * 86_400_000, idleMs: e.SESSION_IDLE_DAYS * 86_400_000 },
    trustProxy: e.TRUST_PROXY,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    registerRateLimitPerHour: e.REGISTER_RATE_LIMIT_PER_HOUR,
    uploadLinkFilesPerAddress: e.UPLOAD_LINK_FILES_PER_ADDRESS,
    uploadLinkFilesPerLink: e.UPLOAD_LINK_FILES_PER_LINK,
    lockout: { failures: e.LOGIN_LOCKOUT_FAILURES, windowMs: e.LOGIN_LOCKOUT_MINUTES * 60_000 },
    downloadLinkMs: e.DOWNLOAD_LINK_MINUTES * 60_000,
    gcGraceMs: e.GC_GRACE_MINUTES * 60_000,
    scrubBytesPerHour: e.SCRUB_MB_PER_HOUR * 1024 * 1024,
    accelRedirectPrefix: e.ACCEL_REDIRECT_PREFIX,
    searchCountLimit: e.SEARCH_COUNT_LIMIT,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
    thumbnailWorkers: e.THUMBNAIL_WORKERS ?? os.availableParallelism(),
    jobLimits: {
      runningPerAccount: e.THUMBNAIL_RUNNING_PER_ACCOUNT,
      queuedPerAccount: e.THUMBNAIL_QUEUE_PER_ACCOUNT,
    },
    logLevel: e.LOG_LEVEL,
    appSecret: e.APP_SECRET,
    registration: e.REGISTRATION,
    oidc,
    mail,
    webDistDir: e.WEB_DIST_DIR
      ? path.resolve(e.WEB_DIST_DIR)
      : path.resolve(import.meta.dirname, '../../web/dist'),
  };
}

const isLoopbackHost = (hostname: string) =>
  hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);

/**
 * The provider's settings, or undefined when single sign-on is off. The issuer must speak https; plain http is
 * accepted only on a loopback address (a provider on the same machine, as in tests), where nothing crosses a
 * network, and only then are the client's insecure-request checks relaxed.
 */
function oidcSettings(e: z.output<typeof envSchema>) {
  if (!e.OIDC_ISSUER && !e.OIDC_CLIENT_ID) return undefined;
  if (!e.OIDC_ISSUER || !e.OIDC_CLIENT_ID) {
    throw new ConfigError('Invalid setting OIDC_ISSUER/OIDC_CLIENT_ID: single sign-on needs both');
  }
  const issuer = new URL(e.OIDC_ISSUER);
  const loopbackHttp = issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname);
  if (issuer.protocol !== 'https:' && !loopbackHttp) {
    throw new ConfigError('Invalid setting OIDC_ISSUER: must be an https:// URL (http only on loopback)');
  }
  return {
    issuer: e.OIDC_ISSUER,
    clientId: e.OIDC_CLIENT_ID,
    clientSecret: e.OIDC_CLIENT_SECRET,
    label: e.OIDC_LABEL,
    autoRegister: e.OIDC_AUTO_REGISTER,
    allowInsecureRequests: loopbackHttp,
  };
}

/**
 * The SMTP server and sender, or undefined when mail is off. Every link a mail carries is built from
 * PUBLIC_ORIGIN, never from a request's Host (which a visitor chooses), so an instance that mails refuses to
 * start without it.
 */
function mailSettings(e: z.output<typeof envSchema>) {
  if (!e.SMTP_URL) {
    if (e.MAIL_FROM) throw new ConfigError('Invalid setting MAIL_FROM: needs SMTP_URL to send through');
    return undefined;
  }
  let host = '';
  try {
    host = new URL(e.SMTP_URL).hostname;
  } catch {
    // A URL that does not parse names no host: refused just below.
  }
  if (!host) {
    throw new ConfigError('Invalid setting SMTP_URL: must name a host, such as smtp://user:pass@host:587');
  }
  if (!e.MAIL_FROM) throw new ConfigError('Invalid setting MAIL_FROM: required when SMTP_URL is set');
  if (!e.PUBLIC_ORIGIN) {
    throw new ConfigError(
      'Invalid setting PUBLIC_ORIGIN: required when SMTP_URL is set (links in mails use it)',
    );
  }
  return { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM };
}
