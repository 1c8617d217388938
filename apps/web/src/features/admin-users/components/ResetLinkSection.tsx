import type { User } from '@cloudstash/contract';
import { CopyField } from '../../../components/CopyField';
import { PendingButton } from '../../../components/PendingButton';
import { SectionCard } from '../../../components/SectionCard';
import { absoluteUrl } from '../../../lib/absolute-url';
import { useCreateResetLink } from '../api/manage-user';

/** There is no email: an administrator hands the person this link, which works once, for an hour. */
export function ResetLinkSection({ user }: { user: User }) {
  const create = useCreateResetLink(user._id);
  const link = create.data?.data;
  return (
    <SectionCard
      title="Password reset"
      description={`Make a one-time link for ${user.name} to set a new password, and hand it over yourself.`}
    >
      {link && <CopyField label="Reset link" value={absoluteUrl(link.url)} what="Link" />}
      <PendingButton
        type="button"
        className="btn-outline self-start"
        pending={create.isPending}
        onClick={() => create.mutate()}
      >
        {link ? 'Make a new reset link' : 'Make reset link'}
      </PendingButton>
    </SectionCard>
  );
}
