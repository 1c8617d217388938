import { useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { loadUploadConfig } from '../../../api/upload-config';
import { useLeaveGuard } from '../../../lib/use-leave-guard';
import { LinkUploadQueue } from './link-upload-queue';

/**
 * The page's one queue for this link, and its state as it changes. Leaving or reloading the page while files
 * are still going asks first (a large file would resume, but only once chosen again).
 */
export function useLinkUploads(token: string) {
  const queryClient = useQueryClient();
  const [queue] = useState(
    () =>
      new LinkUploadQueue({
        token,
        resumableChunkBytes: async () => (await loadUploadConfig(queryClient)).resumableChunkBytes,
      }),
  );
  const state = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  const busy = state.items.some((item) => item.status === 'waiting' || item.status === 'uploading');

  useLeaveGuard(busy);

  return { queue, ...state };
}
