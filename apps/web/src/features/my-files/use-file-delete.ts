import { useEffect, useRef, useState } from 'react';
import type { StoredFile } from '@cloudstash/contract';
import { useDeleteFile } from '../../api/delete-file';
import { focusFileRow } from '../../lib/focus';

/**
 * A file row's Delete: the file asked about, the confirmed delete, and where focus goes once the row is gone (the
 * next row, the previous for the last, else the heading). That is kept until the dialog has closed: closing
 * hands focus back to the deleted row's button, which is gone.
 */
export function useFileDelete(files: StoredFile[]) {
  const remove = useDeleteFile();
  const [deleting, setDeleting] = useState<StoredFile | null>(null);
  const focusAfterDelete = useRef<{ next: string | null } | null>(null);
  useEffect(() => {
    if (!focusAfterDelete.current || deleting) return;
    focusFileRow(focusAfterDelete.current.next);
    focusAfterDelete.current = null;
  }, [deleting]);

  const confirm = () => {
    if (!deleting) return;
    const index = files.findIndex((item) => item._id === deleting._id);
    const next = files[index + 1] ?? files[index - 1] ?? null;
    remove.mutate(deleting._id, {
      onSuccess: () => {
        focusAfterDelete.current = { next: next?._id ?? null };
      },
      onSettled: () => setDeleting(null),
    });
  };
  return { deleting, ask: setDeleting, cancel: () => setDeleting(null), confirm, pending: remove.isPending };
}
