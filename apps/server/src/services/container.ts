import type { FastifyBaseLogger } from 'fastify';
import type { BlobStore } from '../blobs/blob-store';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { UploadHooks } from '../upload/hooks';
import { AccountService } from './accounts';
import { BlobReferences } from './blob-references';
import { DownloadLinks } from './download-links';
import { DownloadService } from './downloads';
import { LinkTokens } from './link-tokens';
import { ShareLinkService } from './links';
import { FileService } from './files';
import { HealthService } from './health';
import { Maintenance } from './maintenance';
import { SessionService } from './sessions';
import { StatsService } from './stats';

/** Every service, wired once per process; routes receive this and nothing else. */
export function createServices(
  config: Config,
  db: Db,
  store: BlobStore,
  secret: Buffer,
  log: FastifyBaseLogger,
  hooks: UploadHooks = {},
) {
  const sessions = new SessionService(db, config);
  const references = new BlobReferences(db, store, log);
  const links = new DownloadLinks(secret, config.downloadLinkMs);
  const downloads = new DownloadService(db);
  const linkTokens = new LinkTokens(secret);
  return {
    config,
    sessions,
    references,
    links,
    downloads,
    linkTokens,
    shareLinks: new ShareLinkService(db, store, linkTokens, downloads, config),
    accounts: new AccountService(db, sessions, config),
    files: new FileService(db, store, references, links, downloads, hooks),
    stats: new StatsService(db),
    health: new HealthService(db, store),
    maintenance: new Maintenance(db, store, references, sessions, config, log),
  };
}

export type Services = ReturnType<typeof createServices>;
