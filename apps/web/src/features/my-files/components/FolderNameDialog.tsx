import { FOLDER_MESSAGES, FOLDER_NAME_MAX_LENGTH } from '@cloudstash/contract';
import { NameDialog } from '../../../components/NameDialog';

const FOLDER_NAME = {
  label: 'Folder name',
  name: 'folder-name',
  maxLength: FOLDER_NAME_MAX_LENGTH,
  requiredMessage: FOLDER_MESSAGES.nameRequired,
  failedMessage: 'The folder could not be saved',
};

interface FolderNameDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  initialName?: string;
  pending: boolean;
  /** Resolves once saved; a refusal (a taken name, a character a folder cannot have) stays in the dialog. */
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/** New folder and Rename: one name, checked by the server, whose refusal is said under the field. */
export function FolderNameDialog(props: FolderNameDialogProps) {
  return <NameDialog {...props} field={FOLDER_NAME} />;
}
