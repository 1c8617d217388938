import type { Config } from '../config';
import type { BlobStore } from './blob-store';
import { FsBlobStore } from './fs-blob-store';
import { S3BlobStore } from './s3-blob-store';

/**
 * The configured blob store, ready to use (its root or bucket exists and answers). An S3 store that cannot
 * be reached, refuses the credentials or lacks its bucket fails here, with a message naming the setting to
 * check, within seconds rather than hanging. `createBucket` is for the migrate command only.
 */
export async function createBlobStore(
  config: Pick<Config, 'blobStore'>,
  { createBucket = false } = {},
): Promise<BlobStore> {
  if (config.blobStore.kind === 's3') {
    const store = new S3BlobStore(config.blobStore);
    try {
      await store.init({ createBucket });
    } catch (error) {
      store.destroy();
      throw error;
    }
    return store;
  }
  const store = new FsBlobStore(config.blobStore.root);
  await store.init();
  return store;
}
