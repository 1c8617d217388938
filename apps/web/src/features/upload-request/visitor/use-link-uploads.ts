import { useEffect, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { loadUploadConfig } from '../../../api/upload-config';
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

  useEffect(() => {
    if (!busy) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [busy]);

  return { queue, ...state };
}
