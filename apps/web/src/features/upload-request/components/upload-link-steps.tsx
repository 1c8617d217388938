import type { RefObject } from 'react';
import type { UploadRequest } from '@cloudstash/contract';
import { PendingButton } from '../../../components/PendingButton';

/** What the upload links dialog shows: `back` names the list's button to return focus to. */
export type Step =
  | { kind: 'list'; back?: string }
  | { kind: 'create' }
  | { kind: 'ready'; link: UploadRequest }
  | { kind: 'edit'; link: UploadRequest }
  | { kind: 'received'; link: UploadRequest };
export const LIST: Step = { kind: 'list' };

export function titleOf(step: Step, folderName: string): string {
  switch (step.kind) {
    case 'list':
      return `Upload links of ${folderName}`;
    case 'create':
      return `New upload link to ${folderName}`;
    case 'ready':
      return 'Upload link ready';
    case 'edit':
      return `Edit ${step.link.label}`;
    case 'received':
      return `Received through ${step.link.label}`;
  }
}

interface StepActionsProps {
  step: Step;
  /** A new link or a change is being sent. */
  pending: boolean;
  /** The form the Create and Save buttons submit. */
  formId: string;
  newLinkRef: RefObject<HTMLButtonElement | null>;
  backRef: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
  onNew: () => void;
  onBack: () => void;
}

/** The dialog's buttons for each step: Done and New upload link; Back and Create or Save; Done or Back. */
export function UploadLinkStepActions({
  step,
  pending,
  formId,
  newLinkRef,
  backRef,
  onClose,
  onNew,
  onBack,
}: StepActionsProps) {
  if (step.kind === 'list') {
    return (
      <>
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Done
        </button>
        <button ref={newLinkRef} type="button" className="btn btn-primary" onClick={onNew}>
          New upload link
        </button>
      </>
    );
  }
  if (step.kind === 'create' || step.kind === 'edit') {
    return (
      <>
        <button ref={backRef} type="button" className="btn btn-ghost" onClick={onBack} disabled={pending}>
          Back
        </button>
        <PendingButton type="submit" form={formId} className="btn-primary" pending={pending}>
          {step.kind === 'edit' ? 'Save' : 'Create'}
        </PendingButton>
      </>
    );
  }
  return (
    <button ref={backRef} type="button" className="btn btn-primary" onClick={onBack}>
      {step.kind === 'ready' ? 'Done' : 'Back'}
    </button>
  );
}
