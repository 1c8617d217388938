import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateFileData } from '../../../api/file-cache';
import { UploadTargetContext } from '../../../components/upload-target';
import { loadUploadConfig } from '../../../api/upload-config';
import { useLeaveGuard } from '../../../lib/use-leave-guard';
import { UploadQueue } from './upload-queue';

const QueueContext = createContext<UploadQueue | null>(null);

/**
 * While files keep arriving, the lists are refreshed at most this often: each refresh asks the server for the
 * list, the folders and the totals and redraws the screen, which took a tenth of a thousand-file drop's rate.
 * Once the queue has nothing left to send they are refreshed at once.
 */
const REFRESH_WHILE_BUSY_MS = 5000;

/**
 * The signed-in frame's one upload queue: it outlives every screen, so uploads keep going while the person
 * browses; closing or reloading the tab while they run asks first.
 */
export function UploadQueueProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [queue] = useState(() => {
    let refresh: ReturnType<typeof setTimeout> | undefined;
    const refreshNow = () => {
      clearTimeout(refresh);
      refresh = undefined;
      void invalidateFileData(queryClient);
    };
    const made: UploadQueue = new UploadQueue({
      limits: () => loadUploadConfig(queryClient),
      onUploaded: () => {
        if (!made.busy) refreshNow();
        else refresh ??= setTimeout(refreshNow, REFRESH_WHILE_BUSY_MS);
      },
    });
    return made;
  });
  const busy = useSyncExternalStore(queue.subscribe, () => queue.busy);

  useLeaveGuard(busy);

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
