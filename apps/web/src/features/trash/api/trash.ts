import { DEFAULT_PAGE_SIZE } from '@cloudstash/contract';
import { useActionMutation } from '../../../api/action-mutation';
import { usePagedList } from '../../../api/paged-list';
import { queryKeys } from '../../../api/query-keys';
import { RESTORE_FAILED, purgeTrash, restoreFromTrash, trashListOptions } from '../../../api/trash';
import type { Selection } from '../../../lib/selection';

/** The caller's Trash, newest deleted first, a page at a time. */
export const useTrashList = () => usePagedList(trashListOptions({ limit: DEFAULT_PAGE_SIZE }));

/** What a restore or a purge changes shows in every list and figure (My Files, the totals, the admin's). */
const CHANGED = [queryKeys.files, queryKeys.admin];

export const useRestoreItems = () =>
  useActionMutation({ mutationFn: restoreFromTrash, failedMessage: RESTORE_FAILED, invalidates: CHANGED });

/** These items deleted forever; with no selection, everything in the caller's Trash (Empty Trash). */
export const usePurgeItems = () =>
  useActionMutation({
    mutationFn: (selection: Selection | undefined) => purgeTrash(selection),
    failedMessage: 'Failed to delete forever',
    invalidates: CHANGED,
  });
