import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Link } from '@cloudstash/contract';
import { Dialog } from '../../../components/ConfirmDialog';
import { PendingButton } from '../../../components/PendingButton';
import type { ShareTarget } from '../../../api/shares';
import { linkIntro, useCreateLinkWithToasts } from './CreateLinkDialog';
import { FolderLinkList } from './FolderLinkList';
import { LinkOptionsForm } from './LinkOptionsForm';
import { LinkReady } from './LinkReady';

type Step = { kind: 'list' } | { kind: 'create' } | { kind: 'ready'; link: Link };
const LIST: Step = { kind: 'list' };
/** While the dialog is closed nothing is listed or sent; its hooks still need a folder to name. */
const NO_FOLDER: ShareTarget = { kind: 'folder', id: '', name: '' };

interface FolderLinksDialogProps {
  /** The folder whose links are shown; null while the dialog is closed. */
  folder: ShareTarget | null;
  onClose: () => void;
}

/**
 * A folder's share links: the ones it has (Copy, Revoke), and a new one made with the same options and the same
 * ready screen as a file's. One dialog whose content steps from the list to the form to the new link and back;
 * its element stays mounted while closed, so closing it hands focus back to the control that opened it.
 */
export function FolderLinksDialog({ folder, onClose }: FolderLinksDialogProps) {
  const [step, setStep] = useState<Step>(LIST);
  const target = folder ?? NO_FOLDER;
  const create = useCreateLinkWithToasts(target, (link) => setStep({ kind: 'ready', link }));
  const formId = useId();
  const newLink = useRef<HTMLButtonElement>(null);

  /** The button pressed is gone with its step: focus goes to what the next step is about. */
  const goTo = (next: Step) => {
    flushSync(() => setStep(next));
    if (next.kind === 'create') document.getElementById(formId)?.querySelector('input')?.focus();
    if (next.kind === 'list') newLink.current?.focus();
  };

  const close = () => {
    setStep(LIST);
    create.reset();
    onClose();
  };
  const back = () => {
    create.reset();
    goTo(LIST);
  };

  const title =
    step.kind === 'ready'
      ? 'Public link ready'
      : step.kind === 'create'
        ? `New public link to ${target.name}`
        : `Public links of ${target.name}`;
  const actions =
    step.kind === 'list' ? (
      <>
        <button type="button" className="btn btn-ghost" onClick={close}>
          Close
        </button>
        <button
          ref={newLink}
          type="button"
          className="btn btn-primary"
          onClick={() => goTo({ kind: 'create' })}
        >
          New link
        </button>
      </>
    ) : step.kind === 'create' ? (
      <>
        <button type="button" className="btn btn-ghost" onClick={back} disabled={create.pending}>
          Back
        </button>
        <PendingButton type="submit" form={formId} className="btn-primary" pending={create.pending}>
          Create
        </PendingButton>
      </>
    ) : (
      <button type="button" className="btn btn-primary" onClick={back}>
        Done
      </button>
    );

  return (
    <Dialog open={folder !== null} title={title} onClose={close} actions={folder && actions}>
      {folder && step.kind === 'list' && (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-base-content/80">{linkIntro(folder)}</p>
          <FolderLinkList folderId={folder.id} />
        </div>
      )}
      {folder && step.kind === 'create' && (
        <LinkOptionsForm formId={formId} intro={linkIntro(folder)} onSubmit={create.submit} />
      )}
      {folder && step.kind === 'ready' && <LinkReady link={step.link} name={folder.name} />}
    </Dialog>
  );
}
