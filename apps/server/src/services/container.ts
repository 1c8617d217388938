import type { FastifyBaseLogger } from 'fastify';
import type { BlobStore } from '../blobs/blob-store';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { UploadHooks } from '../upload/hooks';
import { AccountService } from './accounts';
import { systemClock, type Clock } from './clock';
import { AccessTokens } from './accounts/access-tokens';
import { AccountRemoval } from './accounts/account-removal';
import { OidcFlowSeal } from './accounts/oidc/flow-seal';
import { OidcSignIn } from './accounts/oidc/oidc-sign-in';
import { PendingLogins } from './accounts/pending-login';
import { ProfileService } from './accounts/profile';
import { Registration } from './accounts/registration';
import { SessionList } from './accounts/session-list';
import { TotpService } from './accounts/totp';
import { TotpLogin } from './accounts/totp-login';
import { UserAdmin } from './accounts/user-admin';
import { BlobReferences } from './blob-references';
import { DownloadLinks } from './signed-urls';
import { DownloadService } from './downloads';
import { LinkTokens } from './share-link-tokens';
import { ShareLinkService } from './share-links';
import { FileService } from './files';
import { HealthService } from './health';
import { JobService } from './jobs/queue';
import { Maintenance } from './maintenance';
import { QuotaService } from './quotas';
import { ReclaimQueue } from './reclaim-queue';
import { ResumableUploads } from './resumable-uploads';
import { PartialUploads } from '../upload/partial-uploads';
import { MIN_PART_BYTES, S3UploadPieces } from '../upload/s3-pieces';
import type { UploadPieces } from '../upload/upload-pieces';
import type { S3BlobStore } from '../blobs/s3-blob-store';
import { SessionService } from './sessions';
import { StatsService } from './stats';
import { Throttle } from './throttle';
import { FILE_THUMBNAIL_JOB, THUMBNAIL_JOB } from './thumbnails/storage';
import { ThumbnailService } from './thumbnails/thumbnails';
import { findThumbnailTools } from './thumbnails/tools';
import { JobWorker } from './jobs/worker';

/** Every service, wired once per process; routes receive this and nothing else. */
export function createServices(
  config: Config,
  db: Db,
  store: BlobStore,
  secret: Buffer,
  log: FastifyBaseLogger,
  hooks: UploadHooks = {},
  // The one clock of the throttle and the sign-in delay; tests pass one they move forward.
  clock: Clock = systemClock,
) {
  const throttle = new Throttle(db, clock, config);
  const sessions = new SessionService(db, config);
  const references = new BlobReferences(db, store);
  const quotas = new QuotaService(db, config);
  const reclaims = new ReclaimQueue(references, log);
  const links = new DownloadLinks(secret, config.downloadLinkMs);
  const downloads = new DownloadService(db);
  const linkTokens = new LinkTokens(secret);
  const registration = new Registration(db, config);
  const totp = new TotpService(db, throttle);
  const pendingLogins = new PendingLogins(secret);
  const jobs = new JobService(db, config.jobLimits);
  const thumbnails = new ThumbnailService(db, store, jobs, findThumbnailTools(), config, log);
  // Started by the server (app.ts), not by the CLI, which only queues work.
  const worker = new JobWorker(
    jobs,
    {
      [THUMBNAIL_JOB]: (job) => thumbnails.make(job),
      [FILE_THUMBNAIL_JOB]: (job) => thumbnails.makeForFile(job),
    },
    { concurrency: config.thumbnailWorkers },
    log,
  );
  const files = new FileService(
    db,
    store,
    references,
    links,
    reclaims,
    thumbnails,
    quotas,
    config.searchCountLimit,
    hooks,
  );
  const resumable = new ResumableUploads(db, uploadPieces(config, store), files, quotas, config);
  const removal = new AccountRemoval(db, references, reclaims, resumable);
  return {
    config,
    resumable,
    sessions,
    references,
    reclaims,
    links,
    jobs,
    thumbnails,
    worker,
    downloads,
    linkTokens,
    shareLinks: new ShareLinkService(db, store, linkTokens, downloads, config, throttle),
    files,
    accounts: new AccountService(
      db,
      sessions,
      config,
      { registration, totp, pending: pendingLogins },
      { throttle, clock },
    ),
    registration,
    totp,
    totpLogin: new TotpLogin(db, sessions, totp, pendingLogins),
    // Single sign-on, when a provider is configured.
    oidc: config.oidc
      ? new OidcSignIn(db, config.oidc, {
          seal: new OidcFlowSeal(secret),
          sessions,
          registration,
          totp,
          pending: pendingLogins,
          log,
        })
      : null,
    profile: new ProfileService(db, removal),
    sessionList: new SessionList(db, config),
    accessTokens: new AccessTokens(db),
    quotas,
    userAdmin: new UserAdmin(db, removal, quotas, config),
    stats: new StatsService(db, quotas),
    health: new HealthService(db, store),
    throttle,
    maintenance: new Maintenance(db, store, references, sessions, resumable, config, log),
  };
}

export type Services = ReturnType<typeof createServices>;

/**
 * Where resumable uploads keep their pieces: in the bucket on S3, so every process of a deployment serves
 * every upload (parts of the browser's chunk size, at least S3's minimum); in the data folder otherwise.
 */
function uploadPieces(config: Config, store: BlobStore): UploadPieces {
  if (store.kind !== 's3') return new PartialUploads(config.resumableDir);
  const partBytes = Math.max(config.resumableChunkBytes, MIN_PART_BYTES);
  return new S3UploadPieces((store as S3BlobStore).staging, partBytes);
}
