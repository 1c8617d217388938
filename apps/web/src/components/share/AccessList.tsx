import type { Share, ShareRole } from '@cloudstash/contract';
import { useDeleteShare, useUpdateShare } from '../../api/shares';
import { Avatar } from '../Avatar';
import { ROLE_OPTIONS, memberCountText } from './share-words';

interface AccessListProps {
  shares: Share[];
  /** A row was removed: its controls are gone, so focus needs somewhere to go. */
  onRemoved: () => void;
}

/** What a row calls the grantee, and the line under it. */
function granteeText(share: Share) {
  const { grantee } = share;
  return grantee.kind === 'group'
    ? { name: grantee.name, detail: `Group · ${memberCountText(grantee.memberCount)}` }
    : { name: grantee.name, detail: grantee.email };
}

/** Who has access to the item besides its owner: each with a role to change and a Remove button. */
export function AccessList({ shares, onRemoved }: AccessListProps) {
  const update = useUpdateShare();
  const remove = useDeleteShare('Failed to remove access');
  if (shares.length === 0) {
    return <p className="text-sm text-base-content/80">Only you have access so far.</p>;
  }
  return (
    <ul aria-label="Who has access" className="flex flex-col divide-y divide-base-300">
      {shares.map((share) => {
        const { name, detail } = granteeText(share);
        return (
          <li key={share._id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2">
            <Avatar name={name} size="sm" tone={share.grantee.kind === 'group' ? 'secondary' : 'primary'} />
            <div className="min-w-0 flex-1 basis-40">
              <p className="truncate font-medium" title={name}>
                {name}
              </p>
              <p className="truncate text-xs text-base-content/80" title={detail}>
                {detail}
              </p>
            </div>
            <div className="flex items-center gap-2">
              <select
                className="select select-sm w-28"
                aria-label={`Role of ${name}`}
                value={share.role}
                disabled={update.isPending}
                onChange={(event) => update.mutate({ id: share._id, role: event.target.value as ShareRole })}
              >
                {ROLE_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="btn btn-outline btn-sm"
                aria-label={`Remove ${name}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(share._id, { onSuccess: onRemoved })}
              >
                Remove
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
