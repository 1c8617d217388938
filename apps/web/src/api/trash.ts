import type { QueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import {
  TRASH_MESSAGES,
  type Envelope,
  type TrashItem,
  type TrashListQuery,
  type TrashResult,
} from '@cloudstash/contract';
import type { Selection } from '../lib/selection';
import { toastWithUndo } from '../lib/undo-toast';
import { apiRequest, messageOf } from './api-client';
import { invalidateFileData } from './file-cache';
import { pagedListOptions } from './paged-list';
import { queryKeys } from './query-keys';
import { cachedTrashDays } from './upload-config';

/** GET /trash: the caller's deleted items, newest deleted first, a page at a time. */
export const trashListOptions = (query: TrashListQuery) =>
  pagedListOptions<TrashItem>(queryKeys.trash(query), '/trash', query);

/** POST /trash/restore: the items back where they were. */
export const restoreFromTrash = (selection: Selection) =>
  apiRequest<Envelope<TrashResult>>('/trash/restore', { method: 'POST', body: selection });

/** DELETE /trash: these items forever, or with no selection everything in the caller's Trash. */
export const purgeTrash = (selection?: Selection) =>
  apiRequest<Envelope<TrashResult>>('/trash', { method: 'DELETE', body: selection });

export const RESTORE_FAILED = 'Failed to restore';

/**
 * The toast after a delete: the server's message, and while deleted items go to Trash an Undo that restores
 * exactly what was deleted. `undoable` is false when the items were someone else's (an administrator deleting
 * a user's file): they went to their owner's Trash, which only the owner can restore from.
 */
export function announceDelete(
  queryClient: QueryClient,
  message: string,
  deleted: Selection,
  undoable = true,
): void {
  const toTrash = cachedTrashDays(queryClient) !== undefined || message === TRASH_MESSAGES.movedToTrash;
  if (!toTrash || !undoable) {
    toast.success(message);
    return;
  }
  toastWithUndo(message, () => {
    void restoreFromTrash(deleted)
      .then((answer) => toast.success(answer.message || TRASH_MESSAGES.restored))
      .catch((error: unknown) => toast.error(messageOf(error, RESTORE_FAILED)))
      .finally(() => invalidateFileData(queryClient));
  });
}
