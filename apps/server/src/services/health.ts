import type { BlobStore } from '../blobs/blob-store';
import type { Db } from '../db/connect';
import { pingDatabase } from '../repositories/health';

/** How long each dependency may take to answer before it counts as down. */
const CHECK_TIMEOUT_MS = 3000;

type Status = 'up' | 'down';

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref()),
  ]);

/** Whether the two things every request needs, the database and the blob store, answer right now. */
export class Health {
  constructor(
    private readonly db: Db,
    private readonly store: BlobStore,
  ) {}

  async check(): Promise<{ database: Status; blobStore: Status }> {
    const [database, blobStore] = await Promise.all(
      [pingDatabase(this.db), this.store.ping()].map((check) =>
        within(check, CHECK_TIMEOUT_MS).then(
          () => 'up' as const,
          () => 'down' as const,
        ),
      ),
    );
    return { database: database!, blobStore: blobStore! };
  }
}
