import { useEffect, useId, useRef, type ReactNode } from 'react';
import { PendingButton } from './PendingButton';

interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  actions: ReactNode;
}

/**
 * A modal built on <dialog>: showModal() traps focus, Escape closes, and the page behind is inert,
 * which a div-based modal would have to re-implement.
 */
export function Dialog({ open, title, onClose, children, actions }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close?.();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      // React hands a close event up its own tree: a confirmation opened inside this dialog closing is not this
      // dialog closing.
      onClose={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="modal-box">
        <h2 id={titleId} className="text-lg font-bold break-words">
          {title}
        </h2>
        <div className="py-4">{children}</div>
        <div className="modal-action">{actions}</div>
      </div>
      {/* Clicking outside the box closes it; not a button, so the only "Close" button is among the actions. */}
      <div className="modal-backdrop" aria-hidden="true" onClick={onClose} />
    </dialog>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  pending,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={pending}>
            Cancel
          </button>
          <PendingButton type="button" className="btn-error" onClick={onConfirm} pending={pending ?? false}>
            {confirmLabel}
          </PendingButton>
        </>
      }
    >
      <p>{message}</p>
    </Dialog>
  );
}
