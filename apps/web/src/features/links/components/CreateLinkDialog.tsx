import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { LINK_MESSAGES, type CreateLinkBody, type Link } from '@cloudstash/contract';
import { Dialog } from '../../../components/ConfirmDialog';
import { PendingButton } from '../../../components/PendingButton';
import { messageOf } from '../../../api/api-client';
import type { ShareTarget } from '../../../api/shares';
import { useCreateLink } from '../api/links';
import { LinkOptionsForm } from './LinkOptionsForm';
import { LinkReady } from './LinkReady';

/** What a new link to `target` lets its visitors do, said above the options. */
export function linkIntro(target: ShareTarget) {
  const name = <span className="font-medium break-words">{target.name}</span>;
  return target.kind === 'file' ? (
    <>Anyone with the link can open {name}, even without an account.</>
  ) : (
    <>Anyone with the link can open {name} and everything in it, even without an account.</>
  );
}

/** Makes a link with the dialog's options: the server's word when it refuses, the new link when it agrees. */
export function useCreateLinkWithToasts(target: ShareTarget, onCreated: (link: Link) => void) {
  const create = useCreateLink(target);
  const submit = (body: CreateLinkBody) =>
    create.mutate(body, {
      onSuccess: (link) => {
        onCreated(link);
        toast.success(LINK_MESSAGES.linkCreated);
      },
      onError: (error) => toast.error(messageOf(error, 'Failed to create the link')),
    });
  return { submit, pending: create.isPending, reset: create.reset };
}

interface CreateLinkDialogProps {
  target: ShareTarget;
  open: boolean;
  onClose: () => void;
}

/** Options (password, expiry, limit, label), then the new link: copy, share, QR code. */
export function CreateLinkDialog({ target, open, onClose }: CreateLinkDialogProps) {
  const [created, setCreated] = useState<Link | null>(null);
  const create = useCreateLinkWithToasts(target, setCreated);
  const formId = useId();

  const close = () => {
    setCreated(null);
    create.reset();
    onClose();
  };

  if (created) {
    return (
      <Dialog
        open={open}
        title="Public link ready"
        onClose={close}
        actions={
          <button type="button" className="btn btn-primary" onClick={close}>
            Done
          </button>
        }
      >
        <LinkReady link={created} name={target.name} />
      </Dialog>
    );
  }

  return (
    <Dialog
      open={open}
      title="Create public link"
      onClose={close}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={close} disabled={create.pending}>
            Cancel
          </button>
          <PendingButton type="submit" form={formId} className="btn-primary" pending={create.pending}>
            Create
          </PendingButton>
        </>
      }
    >
      {/* Keyed by the opening: a dialog opened again starts from empty fields. */}
      {open && <LinkOptionsForm formId={formId} intro={linkIntro(target)} onSubmit={create.submit} />}
    </Dialog>
  );
}
