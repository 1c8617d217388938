import { useId, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { itemSharesOptions, type ShareTarget } from '../../api/shares';
import { Dialog } from '../ConfirmDialog';
import { ErrorState } from '../States';
import { AccessList } from './AccessList';
import { ShareForm } from './ShareForm';

interface ShareDialogProps {
  /** What is being shared; null while the dialog is closed. */
  target: ShareTarget | null;
  onClose: () => void;
}

/**
 * Share a file or folder with people and groups of the instance, and manage who already has access. The dialog
 * element stays mounted while closed, so closing it (Done, Escape) hands focus back to the control that opened it.
 */
export function ShareDialog({ target, onClose }: ShareDialogProps) {
  return (
    <Dialog
      open={target !== null}
      title={target ? `Share ${target.name}` : 'Share'}
      onClose={onClose}
      actions={
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Done
        </button>
      }
    >
      {/* Keyed by the item: each opening starts with an empty search. */}
      {target && <ShareDialogBody key={`${target.kind}:${target.id}`} target={target} />}
    </Dialog>
  );
}

function ShareDialogBody({ target }: { target: ShareTarget }) {
  const shares = useQuery(itemSharesOptions(target));
  const searchField = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const excluded = new Set(shares.data?.map((share) => share.grantee._id));
  return (
    <div className="flex flex-col gap-4">
      <ShareForm target={target} excluded={excluded} inputRef={searchField} />
      <section aria-labelledby={headingId} className="flex flex-col gap-2">
        <h3 id={headingId} className="font-semibold">
          Who has access
        </h3>
        {shares.isPending && (
          <p role="status" className="flex items-center gap-2 text-sm text-base-content/80">
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            Loading who has access…
          </p>
        )}
        {shares.isError && <ErrorState message="Failed to load who has access" />}
        {shares.data && <AccessList shares={shares.data} onRemoved={() => searchField.current?.focus()} />}
      </section>
    </div>
  );
}
