import { useState } from 'react';
import type { User } from '@cloudstash/contract';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { SectionCard } from '../../../components/SectionCard';
import { useDeleteUser } from '../api/manage-user';

export function DeleteUserSection({ user }: { user: User }) {
  const remove = useDeleteUser(user._id);
  const [confirming, setConfirming] = useState(false);
  return (
    <SectionCard
      title="Delete user"
      danger
      description="Deletes the account and every file it uploaded. This cannot be undone."
    >
      <button type="button" className="btn btn-error self-start" onClick={() => setConfirming(true)}>
        Delete user
      </button>
      <ConfirmDialog
        open={confirming}
        title="Delete this user?"
        message={`${user.name} (${user.email}) and all their files will be deleted now.`}
        confirmLabel="Delete user"
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate(undefined, { onError: () => setConfirming(false) })}
      />
    </SectionCard>
  );
}
