import { TRASH_MESSAGES } from '@cloudstash/contract';
import { useTrashDays } from '../api/upload-config';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';

/**
 * A delete's confirmation. `title` and `message` are the spec's words for a final delete; while the instance
 * keeps deleted items in Trash the dialog says where they go and for how long instead.
 */
export function DeleteDialog(props: ConfirmDialogProps) {
  const days = useTrashDays();
  const wording = days ? { title: TRASH_MESSAGES.dialogTitle, message: TRASH_MESSAGES.dialogText(days) } : {};
  return <ConfirmDialog {...props} {...wording} />;
}
