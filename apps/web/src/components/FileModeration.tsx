import { useState } from 'react';
import type { StoredFile } from '@cloudstash/contract';
import { useDeleteFile } from '../api/delete-file';
import { useUpdateFile } from '../api/update-file';
import { DeleteDialog } from './DeleteDialog';
import { PendingButton } from './PendingButton';

interface FileModerationProps {
  file: StoredFile;
  /** Small buttons in a row of a list; otherwise full-width buttons of an actions card. */
  compact?: boolean;
  onDeleted?: () => void;
}

/**
 * What an administrator may do to anyone's file: take a public file out of public view, or delete it.
 * Named after the file so a screen reader can tell the rows apart.
 */
export function FileModeration({ file, compact, onDeleted }: FileModerationProps) {
  const update = useUpdateFile();
  // Another person's file goes to their Trash, which only they can restore from: no Undo then.
  const remove = useDeleteFile({ onDeleted, undoable: file.permissions.own });
  const [confirming, setConfirming] = useState(false);
  const size = compact ? 'btn-xs' : 'w-full';

  return (
    <>
      {file.isPublic && (
        <PendingButton
          type="button"
          className={`btn-outline ${size}`}
          pending={update.isPending}
          onClick={() => update.mutate({ id: file._id, filename: file.filename, isPublic: false })}
          aria-label={`Unpublish ${file.filename}`}
        >
          Unpublish
        </PendingButton>
      )}
      <button
        type="button"
        className={`btn btn-error ${size}`}
        onClick={() => setConfirming(true)}
        aria-label={`Delete ${file.filename}`}
      >
        Delete
      </button>
      <DeleteDialog
        open={confirming}
        title="Delete file"
        message={`Delete “${file.filename}” of ${file.uploadedBy?.name ?? 'its owner'}? This cannot be undone.`}
        confirmLabel="Delete"
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate(file._id, { onSettled: () => setConfirming(false) })}
      />
    </>
  );
}
