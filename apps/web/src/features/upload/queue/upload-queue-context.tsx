import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateFileData } from '../../../api/file-cache';
import { UploadTargetContext } from '../../../components/upload-target';
import { loadUploadConfig } from '../../../api/upload-config';
import { UploadQueue } from './upload-queue';

const QueueContext = createContext<UploadQueue | null>(null);

/** Lists are refreshed at most this often while files keep arriving (a drop of a thousand would ask a thousand times). */
const REFRESH_EVERY_MS = 1500;

/**
 * The signed-in frame's one upload queue: it outlives every screen, so uploads keep going while the person
 * browses; closing or reloading the tab while they run asks first.
 */
export function UploadQueueProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [queue] = useState(() => {
    let refresh: ReturnType<typeof setTimeout> | undefined;
    return new UploadQueue({
      limits: () => loadUploadConfig(queryClient),
      onUploaded: () => {
        refresh ??= setTimeout(() => {
          refresh = undefined;
          void invalidateFileData(queryClient);
        }, REFRESH_EVERY_MS);
      },
    });
  });
  const busy = useSyncExternalStore(queue.subscribe, () => queue.busy);

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

  // Screens hand their drops and picks to the queue through the shared target, without knowing this feature.
  return (
    <QueueContext.Provider value={queue}>
      <UploadTargetContext.Provider value={queue}>{children}</UploadTargetContext.Provider>
    </QueueContext.Provider>
  );
}

export function useUploadQueue(): UploadQueue {
  const queue = useContext(QueueContext);
  if (!queue) throw new Error('useUploadQueue outside UploadQueueProvider');
  return queue;
}

/** The uploads as they stand, re-read on every change. */
export function useUploadQueueState() {
  const queue = useUploadQueue();
  return useSyncExternalStore(queue.subscribe, queue.getSnapshot);
}
