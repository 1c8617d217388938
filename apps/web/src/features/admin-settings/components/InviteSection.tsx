import { useState } from 'react';
import { MAX_INVITES_AT_ONCE } from '@cloudstash/contract';
import { CopyField } from '../../../components/CopyField';
import { PendingButton } from '../../../components/PendingButton';
import { SectionCard } from '../../../components/SectionCard';
import { TextField } from '../../../components/TextField';
import { absoluteUrl } from '../../../lib/absolute-url';
import { copyWithToast } from '../../../lib/clipboard';
import { useCreateInvites } from '../api/settings';

/** Whole numbers from 1 to the most one request may make; anything else is explained under the field. */
function parseCount(text: string): number | null {
  const count = Number(text);
  return Number.isInteger(count) && count >= 1 && count <= MAX_INVITES_AT_ONCE ? count : null;
}

export function InviteSection() {
  const create = useCreateInvites();
  const [countText, setCountText] = useState('1');
  const count = parseCount(countText);
  const links = create.data?.data.invites.map((invite) => absoluteUrl(invite.url)) ?? [];
  const label = count === null || count === 1 ? 'Make invite link' : `Make ${count} invite links`;
  return (
    <SectionCard
      title="Invite links"
      description="While registration is by invite, each link lets one person register. It works once, for 7 days."
    >
      {links.length === 1 && <CopyField label="Invite link" value={links[0]!} what="Link" />}
      {links.length > 1 && (
        <div className="flex flex-col gap-2">
          {links.map((url, i) => (
            <CopyField key={url} label={`Invite link ${i + 1}`} value={url} what="Link" />
          ))}
          <button
            type="button"
            className="btn btn-outline self-start"
            onClick={() => void copyWithToast(links.join('\n'), 'Links')}
          >
            Copy all {links.length} links
          </button>
        </div>
      )}
      <form
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          if (count !== null) create.mutate(count);
        }}
      >
        <div className="sm:w-40">
          <TextField
            label="How many"
            name="count"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_INVITES_AT_ONCE}
            value={countText}
            onChange={(event) => setCountText(event.target.value)}
            error={count === null ? `From 1 to ${MAX_INVITES_AT_ONCE}` : undefined}
          />
        </div>
        <PendingButton
          type="submit"
          className="btn-primary"
          pending={create.isPending}
          disabled={count === null}
        >
          {links.length > 0 && count === 1 ? 'Make another invite link' : label}
        </PendingButton>
      </form>
    </SectionCard>
  );
}
