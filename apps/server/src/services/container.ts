import type { FastifyBaseLogger } from 'fastify';
import type { BlobStore } from '../blobs/blob-store';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { AccountService } from './accounts';
import { BlobReferences } from './blob-references';
import { DownloadLinks } from './download-links';
import { FileService } from './files';
import { JobService } from './jobs';
import { Maintenance } from './maintenance';
import { SessionService } from './sessions';
import { StatsService } from './stats';
import { ThumbnailService } from './thumbnails/thumbnails';
import { findThumbnailTools } from './thumbnails/tools';
import { JobWorker } from './thumbnails/worker';

/** Every service, wired once per process; routes receive this and nothing else. */
export function createServices(
  config: Config,
  db: Db,
  store: BlobStore,
  secret: Buffer,
  log: FastifyBaseLogger,
) {
  const sessions = new SessionService(db, config);
  const references = new BlobReferences(db, store, log);
  const links = new DownloadLinks(secret, config.downloadLinkMs);
  const jobs = new JobService(db);
  const thumbnails = new ThumbnailService(db, store, jobs, findThumbnailTools(), config, log);
  // Started by the server (app.ts), not by the CLI, which only queues work.
  const worker = new JobWorker(
    jobs,
    { thumbnail: (job) => thumbnails.make(job) },
    { concurrency: config.thumbnailWorkers },
    log,
  );
  return {
    config,
    db,
    store,
    sessions,
    references,
    links,
    jobs,
    thumbnails,
    worker,
    accounts: new AccountService(db, sessions, config),
    files: new FileService(db, references, links, thumbnails),
    stats: new StatsService(db),
    maintenance: new Maintenance(db, store, references, sessions, config, log),
  };
}

export type Services = ReturnType<typeof createServices>;
