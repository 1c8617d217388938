import type { FastifyBaseLogger } from 'fastify';
import type { BlobStore } from '../blobs/blob-store';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { AccountService } from './accounts';
import { BlobReferences } from './blob-references';
import { DownloadLinks } from './download-links';
import { FileService } from './files';
import { Maintenance } from './maintenance';
import { ReclaimQueue } from './reclaim-queue';
import { DatabaseRateLimitCounter, MemoryRateLimitCounter, RateLimiter } from './rate-limits';
import { SessionService } from './sessions';
import { StatsService } from './stats';

/** Every service, wired once per process; routes receive this and nothing else. */
export function createServices(
  config: Config,
  db: Db,
  store: BlobStore,
  secret: Buffer,
  log: FastifyBaseLogger,
) {
  const sessions = new SessionService(db, config);
  const references = new BlobReferences(db, store);
  const reclaims = new ReclaimQueue(references, log);
  const links = new DownloadLinks(secret, config.downloadLinkMs);
  return {
    config,
    db,
    store,
    sessions,
    references,
    reclaims,
    links,
    accounts: new AccountService(db, sessions, config),
    files: new FileService(db, references, links, reclaims),
    stats: new StatsService(db),
    rateLimits: new RateLimiter(
      config.database.kind === 'postgres' ? new DatabaseRateLimitCounter(db) : new MemoryRateLimitCounter(),
    ),
    maintenance: new Maintenance(db, store, references, sessions, config, log),
  };
}

export type Services = ReturnType<typeof createServices>;
