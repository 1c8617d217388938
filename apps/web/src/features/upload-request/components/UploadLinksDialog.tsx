import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import toast from 'react-hot-toast';
import { REQUEST_MESSAGES } from '@cloudstash/contract';
import { Dialog } from '../../../components/ConfirmDialog';
import { messageOf } from '../../../api/api-client';
import type { ShareTarget } from '../../../api/shares';
import { serverFieldErrors, type FieldErrors } from '../../../lib/form-errors';
import { useCreateUploadLink, useUpdateUploadLink } from '../api/upload-links';
import {
  NEW_UPLOAD_LINK,
  createBodyOf,
  updateBodyOf,
  valuesOf,
  type UploadLinkValues,
} from '../upload-link-body';
import { ReceivedFiles } from './ReceivedFiles';
import { UploadLinkForm } from './UploadLinkForm';
import { UploadLinkList } from './UploadLinkList';
import { UploadLinkReady } from './UploadLinkReady';
import { LIST, UploadLinkStepActions, titleOf, type Step } from './upload-link-steps';

interface UploadLinksDialogProps {
  /** The folder whose upload links are shown; null while the dialog is closed. */
  folder: ShareTarget | null;
  onClose: () => void;
}

/**
 * A folder's upload links: the list (state, what came, Copy, Edit, Close, Received files), a new one, its address
 * once made, a change to one, and what one brought. One dialog whose content steps between them; its element
 * stays mounted while closed, so closing it hands focus back to the control that opened it.
 */
export function UploadLinksDialog({ folder, onClose }: UploadLinksDialogProps) {
  const [step, setStep] = useState<Step>(LIST);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const create = useCreateUploadLink(folder?.id ?? '');
  const update = useUpdateUploadLink();
  const formId = useId();
  const body = useRef<HTMLDivElement>(null);
  const newLink = useRef<HTMLButtonElement>(null);
  const back = useRef<HTMLButtonElement>(null);

  /**
   * Shows the next step, and moves focus there: the control that moved on is gone. Back in the list, to the row's
   * button that had opened the step; elsewhere to the step's first control.
   */
  const goTo = (next: Step) => {
    flushSync(() => {
      setStep(next);
      setServerErrors({});
    });
    const target =
      next.kind === 'list'
        ? (body.current?.querySelector<HTMLElement>(`[data-upload-link="${next.back ?? ''}"]`) ??
          newLink.current)
        : (body.current?.querySelector<HTMLElement>('input, textarea, select, a[href], button') ??
          back.current);
    target?.focus();
  };
  const backFrom = (current: Step) =>
    goTo({
      kind: 'list',
      back:
        current.kind === 'edit' || current.kind === 'received'
          ? `${current.kind}:${current.link._id}`
          : undefined,
    });

  const close = () => {
    setStep(LIST);
    setServerErrors({});
    create.reset();
    update.reset();
    onClose();
  };

  const refused = (error: Error) => {
    setServerErrors(serverFieldErrors(error));
    toast.error(messageOf(error, 'Failed to save the upload link'));
  };
  const submit = (values: UploadLinkValues): FieldErrors | null => {
    if (step.kind === 'edit') {
      const checked = updateBodyOf(values);
      if (checked.errors) return checked.errors;
      update.mutate(
        { id: step.link._id, body: checked.body },
        {
          onSuccess: () => {
            toast.success(REQUEST_MESSAGES.updated);
            backFrom(step);
          },
          onError: refused,
        },
      );
      return null;
    }
    const checked = createBodyOf(values);
    if (checked.errors) return checked.errors;
    create.mutate(checked.body, {
      onSuccess: (link) => {
        toast.success(REQUEST_MESSAGES.created);
        goTo({ kind: 'ready', link });
      },
      onError: refused,
    });
    return null;
  };

  const actions = (
    <UploadLinkStepActions
      step={step}
      pending={create.isPending || update.isPending}
      formId={formId}
      newLinkRef={newLink}
      backRef={back}
      onClose={close}
      onNew={() => goTo({ kind: 'create' })}
      onBack={() => backFrom(step)}
    />
  );

  return (
    <Dialog
      open={folder !== null}
      title={folder ? titleOf(step, folder.name) : 'Upload links'}
      onClose={close}
      actions={folder && actions}
    >
      <div ref={body}>
        {folder && step.kind === 'list' && (
          <div className="flex flex-col gap-4">
            <p className="text-sm text-base-content/80">
              People without an account can send files into{' '}
              <span className="font-medium break-words">{folder.name}</span> through an upload link. They see
              only what they send, never what else is in the folder.
            </p>
            <UploadLinkList folderId={folder.id} onOpen={(kind, link) => goTo({ kind, link })} />
          </div>
        )}
        {folder && (step.kind === 'create' || step.kind === 'edit') && (
          <UploadLinkForm
            key={step.kind === 'edit' ? step.link._id : 'new'}
            formId={formId}
            initial={step.kind === 'edit' ? valuesOf(step.link) : NEW_UPLOAD_LINK}
            editing={
              step.kind === 'edit'
                ? { hasPassword: step.link.hasPassword, expiresAt: step.link.expiresAt }
                : undefined
            }
            onSubmit={submit}
            serverErrors={serverErrors}
          />
        )}
        {folder && step.kind === 'ready' && <UploadLinkReady link={step.link} />}
        {folder && step.kind === 'received' && <ReceivedFiles link={step.link} />}
      </div>
    </Dialog>
  );
}

export { UploadLinksActivity } from './UploadLinksActivity';
