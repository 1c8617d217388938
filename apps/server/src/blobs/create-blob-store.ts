import type { Config } from '../config';
import type { BlobStore } from './blob-store';
import { FsBlobStore } from './fs-blob-store';

/** The configured blob store, ready to use (its root or bucket exists). */
export async function createBlobStore(config: Config): Promise<BlobStore> {
  if (config.blobStore.kind === 's3') {
    throw new Error('BLOB_STORE=s3 is not available in this build');
  }
  const store = new FsBlobStore(config.blobStore.root);
  await store.init();
  return store;
}
