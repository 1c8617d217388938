import { useState } from 'react';
import toast from 'react-hot-toast';
import { LINK_MESSAGES, type Link } from '@cloudstash/contract';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { messageOf } from '../../../api/api-client';
import { useRevokeLink } from '../api/links';

/** Revoke, asked first: `ask(link)` opens the confirmation, which `dialog` renders where the list is. */
export function useRevokeConfirm() {
  const revoke = useRevokeLink();
  const [confirming, setConfirming] = useState<Link | null>(null);

  const onConfirm = () => {
    if (!confirming) return;
    revoke.mutate(confirming._id, {
      onSuccess: () => toast.success(LINK_MESSAGES.linkRevoked),
      onError: (error) => toast.error(messageOf(error, 'Failed to revoke the link')),
      onSettled: () => setConfirming(null),
    });
  };

  const dialog = (
    <ConfirmDialog
      open={confirming !== null}
      title="Revoke link"
      message="Anyone holding this link loses access at once. This cannot be undone."
      confirmLabel="Revoke"
      pending={revoke.isPending}
      onConfirm={onConfirm}
      onCancel={() => setConfirming(null)}
    />
  );
  return { ask: setConfirming, dialog };
}
