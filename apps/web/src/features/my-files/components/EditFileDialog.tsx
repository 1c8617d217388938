import { useState, type FormEvent } from 'react';
import { MESSAGES, type StoredFile } from '@cloudstash/contract';
import { Dialog } from '../../../components/ConfirmDialog';
import { TextField } from '../../../components/TextField';
import { useUpdateFile } from '../../../api/update-file';
import { PendingButton } from '../../../components/PendingButton';
import { editFilenameError, savedAsName } from '../edit-filename';
import { showErrorsAndFocus } from '../../../lib/focus';

interface EditFileDialogProps {
  file: StoredFile | null;
  onClose: () => void;
  /** Whether the Public switch shows: the owner's choice, never an editor's of a shared folder. */
  canPublish?: boolean;
}

/** Rename a file and switch it between Public and Private (My Files, edit dialog). */
export function EditFileDialog({ file, onClose, canPublish = true }: EditFileDialogProps) {
  const update = useUpdateFile();
  // The caller keys this dialog by file, so each opening starts from that file's current values.
  const [filename, setFilename] = useState(file?.filename ?? '');
  const [isPublic, setIsPublic] = useState(file?.isPublic ?? false);
  const [error, setError] = useState<string | undefined>();

  // A name that will be refused is not going to be saved as anything.
  const savedAs = editFilenameError(filename) ? null : savedAsName(filename);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    const problem = editFilenameError(filename);
    if (problem) {
      showErrorsAndFocus(() => setError(problem), event.currentTarget as HTMLFormElement);
      return;
    }
    update.mutate(
      { id: file._id, filename: filename.trim(), ...(canPublish ? { isPublic } : {}) },
      { onSuccess: onClose },
    );
  };

  return (
    <Dialog
      open={file !== null}
      title={canPublish ? 'Edit File' : 'Rename File'}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Close
          </button>
          <PendingButton
            type="submit"
            form="edit-file-form"
            className="btn-primary"
            pending={update.isPending}
          >
            Save
          </PendingButton>
        </>
      }
    >
      <form id="edit-file-form" onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
        <TextField
          label="File Name"
          name="filename"
          required
          value={filename}
          onChange={(event) => {
            setFilename(event.target.value);
            // The last Save's complaint is about the old name; the hint and "saved as" speak for the new one.
            setError(undefined);
          }}
          hint={MESSAGES.editFilenameRequired}
          error={error}
        />
        {/* The server cleans names the same way; saying so here means a rename never changes silently. */}
        <p aria-live="polite" className="text-sm">
          {savedAs && (
            <>
              Will be saved as: <strong className="break-all">{savedAs}</strong>
            </>
          )}
        </p>
        {canPublish && (
          <label className="label cursor-pointer justify-start gap-3">
            <input
              type="checkbox"
              className="toggle toggle-primary"
              checked={isPublic}
              onChange={(event) => setIsPublic(event.target.checked)}
            />
            <span className="text-base-content">Public</span>
          </label>
        )}
      </form>
    </Dialog>
  );
}
