import type { User } from '@cloudstash/contract';
import { PendingButton } from '../../../components/PendingButton';
import { SectionCard } from '../../../components/SectionCard';
import { useUpdateUser } from '../api/manage-user';

export function AccountStatusSection({ user }: { user: User }) {
  const update = useUpdateUser(user._id);
  return (
    <SectionCard
      title="Account status"
      description="A disabled account cannot sign in; its sessions and access tokens stop working at once."
    >
      <p>
        This account is{' '}
        <span className={`badge ${user.disabled ? 'badge-error' : 'badge-success'}`}>
          {user.disabled ? 'Disabled' : 'Active'}
        </span>
      </p>
      <PendingButton
        type="button"
        className={`self-start ${user.disabled ? 'btn-primary' : 'btn-outline btn-error'}`}
        pending={update.isPending}
        onClick={() => update.mutate({ disabled: !user.disabled })}
      >
        {user.disabled ? 'Enable account' : 'Disable account'}
      </PendingButton>
    </SectionCard>
  );
}
