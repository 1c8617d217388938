import type { FastifyBaseLogger } from 'fastify';
import type { BlobStore } from '../blobs/blob-store';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { UploadHooks } from '../upload/hooks';
import { systemClock, type Clock } from './clock';
import { AccessTokens } from './accounts/access-tokens';
import { Accounts } from './accounts/accounts';
import { AccountRemoval } from './accounts/account-removal';
import { OidcFlowSeal } from './accounts/oidc/flow-seal';
import { OidcSignIn } from './accounts/oidc/oidc-sign-in';
import { PendingLogins } from './accounts/pending-login';
import { Profile } from './accounts/profile';
import { Registration } from './accounts/registration';
import { SessionList } from './accounts/session-list';
import { SignIn } from './accounts/sign-in';
import { Totp } from './accounts/totp';
import { UserAdmin } from './accounts/user-admin';
import { BlobReferences } from './blob-references';
import { SignedUrls } from './signed-urls';
import { Downloads } from './downloads';
import { ShareLinkTokens } from './share-link-tokens';
import { ShareLinks } from './share-links';
import { Files } from './files';
import { Folders } from './folders';
import { Batch } from './batch';
import { Zips } from './zips';
import { InstanceSettingsService } from './instance-settings';
import { UploadTypes } from './upload-types';
import { FileVersions } from './file-versions';
import { Health } from './health';
import { JobQueue } from './jobs/queue';
import { FolderTreeCheck } from './folder-tree-check';
import { PeopleDirectory } from './sharing/people-directory';
import { Maintenance } from './maintenance';
import { Quotas } from './quotas';
import { ReclaimQueue } from './reclaim-queue';
import { ResumableUploads } from './resumable-uploads';
import { PartialUploads } from '../upload/partial-uploads';
import { MIN_PART_BYTES, S3UploadPieces } from '../upload/s3-pieces';
import type { UploadPieces } from '../upload/upload-pieces';
import type { S3BlobStore } from '../blobs/s3-blob-store';
import { Sessions } from './sessions';
import { Stats } from './stats';
import { Throttle } from './throttle';
import { VersionSettings } from './version-settings';
import { Trash } from './trash';
import { LinkVisits } from './link-visits';
import { UploadRequests } from './upload-requests';
import { Groups } from './sharing/groups';
import { Invites } from './accounts/invites';
import { Shares } from './sharing/shares';
import { ShareMails } from './sharing/share-mails';
import { TrashSettings } from './trash-settings';
import { FILE_THUMBNAIL_JOB, THUMBNAIL_JOB } from './thumbnails/storage';
import { Thumbnails } from './thumbnails/thumbnails';
import { findThumbnailTools } from './thumbnails/tools';
import { JobWorker } from './jobs/worker';
import { MAIL_JOB, MailOutbox } from './mail/outbox';
import { MailTransport } from './mail/transport';
import { PasswordRecovery } from './accounts/password-recovery';
import { DavCredentials } from './dav/credentials';
import { FolderAdapter } from './dav/folder-adapter';
import { DavLocks } from './dav/locks';
import { DavProperties } from './dav/properties';
import { DavTree } from './dav/tree';

/** What a test may put in place of production's parts; production passes none. */
export interface TestSeams {
  /** Observers of an upload's steps, read by the multipart route and the file service alike. */
  hooks?: UploadHooks;
  /** The one clock every service reads the time from; tests pass one they move forward. */
  clock?: Clock;
}

/** Every service, wired once per process; routes receive this and nothing else. */
export function createServices(
  config: Config,
  db: Db,
  store: BlobStore,
  secret: Buffer,
  log: FastifyBaseLogger,
  seams: TestSeams = {},
) {
  const { hooks = {}, clock = systemClock } = seams;
  const throttle = new Throttle(db, clock, config);
  const sessions = new Sessions(db, config, clock);
  const references = new BlobReferences(db, store, clock);
  const quotas = new Quotas(db, config, clock);
  const reclaims = new ReclaimQueue(references, log);
  const signedUrls = new SignedUrls(secret, config.downloadLinkMs, clock);
  const downloads = new Downloads(db, clock);
  const shareLinkTokens = new ShareLinkTokens(secret);
  const registration = new Registration(db, config, clock);
  const uploadTypes = new UploadTypes(db, config, clock);
  const totp = new Totp(db, throttle, clock);
  const pendingLogins = new PendingLogins(secret, clock);
  // The job queue keeps real time even where a test stands the clock still: its leases are compared between
  // processes and its retry back-offs are waited out by the workers' own timers.
  const jobs = new JobQueue(db, systemClock, config.jobLimits);
  const thumbnails = new Thumbnails(db, store, jobs, findThumbnailTools(), config, log, clock);
  const transport = config.mail ? new MailTransport(config.mail.smtpUrl, config.mail.from) : null;
  const mail = new MailOutbox(db, jobs, transport, config, clock);
  // Started by the server (app.ts), not by the CLI, which only queues work. Mail has a worker of its own: a
  // process told to make no thumbnails still sends mail, and a mail never waits behind a folder of thumbnails.
  // One sender is enough: a mail is a short network exchange, not a core's work.
  const thumbnailWorker = new JobWorker(
    jobs,
    {
      [THUMBNAIL_JOB]: (job) => thumbnails.make(job),
      [FILE_THUMBNAIL_JOB]: (job) => thumbnails.makeForFile(job),
    },
    { concurrency: config.thumbnailWorkers },
    log,
  );
  const mailWorker = new JobWorker(jobs, { [MAIL_JOB]: (job) => mail.send(job) }, { concurrency: 1 }, log);
  const trashSettings = new TrashSettings(db, config, clock);
  const trash = new Trash(db, references, reclaims, trashSettings, clock);
  const files = new Files(
    db,
    store,
    references,
    signedUrls,
    reclaims,
    thumbnails,
    quotas,
    config.searchCountLimit,
    hooks,
    uploadTypes,
    trash,
    clock,
  );
  const folders = new Folders(db, trash, clock);
  const versionSettings = new VersionSettings(db, config, clock);
  const fileVersions = new FileVersions(
    db,
    store,
    references,
    reclaims,
    thumbnails,
    quotas,
    versionSettings,
    files,
    clock,
    hooks,
  );
  const resumable = new ResumableUploads(db, uploadPieces(config, store), files, quotas, config, clock);
  const signIn = new SignIn(db, config, { sessions, totp, pending: pendingLogins, throttle, clock });
  const removal = new AccountRemoval(db, trash, resumable, clock);
  const accessTokens = new AccessTokens(db, clock);
  const accounts = new Accounts(db, registration, { throttle, clock });
  const peopleDirectory = new PeopleDirectory(db, clock);
  const shares = new Shares(db, clock, new ShareMails(db, mail, config), peopleDirectory);
  const zips = new Zips(db, store, signedUrls, downloads, config.downloadLinkMs, clock);
  const shareLinks = new ShareLinks(db, store, shareLinkTokens, downloads, config, throttle, clock);
  return {
    config,
    uploadHooks: hooks,
    resumable,
    folders,
    batch: new Batch(db, folders, trash, clock),
    groups: new Groups(db, clock),
    invites: new Invites(db, config, clock),
    shares,
    trash,
    trashSettings,
    zips,
    sessions,
    references,
    reclaims,
    signedUrls,
    jobs,
    thumbnails,
    thumbnailWorker,
    mailWorker,
    mail,
    passwordRecovery: new PasswordRecovery(db, mail, throttle, config, clock),
    downloads,
    shareLinkTokens,
    shareLinks,
    linkVisits: new LinkVisits(db, store, shareLinks, zips, downloads),
    uploadRequests: new UploadRequests(db, shareLinks, files, resumable, accounts, throttle, config, clock),
    files,
    fileVersions,
    versionSettings,
    accounts,
    signIn,
    registration,
    uploadTypes,
    instanceSettings: new InstanceSettingsService(registration, uploadTypes, peopleDirectory),
    totp,
    // Single sign-on, when a provider is configured.
    oidc: config.oidc
      ? new OidcSignIn(db, config.oidc, {
          seal: new OidcFlowSeal(secret),
          registration,
          signIn,
          clock,
          log,
        })
      : null,
    profile: new Profile(db, removal, clock),
    sessionList: new SessionList(db, config, clock),
    accessTokens,
    quotas,
    userAdmin: new UserAdmin(db, removal, quotas, config, clock),
    stats: new Stats(db, quotas),
    health: new Health(db, store),
    throttle,
    // The WebDAV adapter (/dav/): the same files and folders, by path.
    dav: {
      credentials: new DavCredentials(accessTokens, throttle),
      tree: new DavTree(db, files, new FolderAdapter(db, folders), shares),
      locks: new DavLocks(db, clock),
      properties: new DavProperties(db),
    },
    maintenance: new Maintenance(db, store, references, sessions, resumable, trash, config, log, clock),
    folderTrees: new FolderTreeCheck(db, clock),
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
