import type { User } from '@cloudstash/contract';
import { PendingButton } from '../../../components/PendingButton';
import { SectionCard } from '../../../components/SectionCard';
import { useUpdateUser } from '../api/manage-user';
import { RoleBadge } from './RoleBadge';

export function RoleSection({ user }: { user: User }) {
  const update = useUpdateUser(user._id);
  const next = user.role === 'admin' ? 'user' : 'admin';
  return (
    <SectionCard title="Role" description="Administrators manage every account and file on this instance.">
      <p>
        Current role: <RoleBadge role={user.role} />
      </p>
      {update.isError && (
        <p role="alert" className="text-sm text-error">
          {update.error.message}
        </p>
      )}
      <PendingButton
        type="button"
        className="btn-outline self-start"
        pending={update.isPending}
        onClick={() => update.mutate({ role: next })}
      >
        {next === 'admin' ? 'Make administrator' : 'Make standard user'}
      </PendingButton>
    </SectionCard>
  );
}
