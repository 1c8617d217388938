import { CopyField } from '../../../components/CopyField';
import { PendingButton } from '../../../components/PendingButton';
import { SectionCard } from '../../../components/SectionCard';
import { absoluteUrl } from '../../../lib/absolute-url';
import { useCreateInvite } from '../api/settings';

export function InviteSection() {
  const create = useCreateInvite();
  const link = create.data?.data;
  return (
    <SectionCard
      title="Invite links"
      description="While registration is by invite, each link lets one person register. It works once, for 7 days."
    >
      {link && <CopyField label="Invite link" value={absoluteUrl(link.url)} what="Link" />}
      <PendingButton
        type="button"
        className="btn-primary self-start"
        pending={create.isPending}
        onClick={() => create.mutate()}
      >
        {link ? 'Make another invite link' : 'Make invite link'}
      </PendingButton>
    </SectionCard>
  );
}
