import { useId } from 'react';
import type { Link } from '@cloudstash/contract';
import { ErrorState } from '../../../components/States';
import { useFolderLinks } from '../api/links';
import { downloadsUsed, formatWhen } from '../format';
import { LinkActions, StateBadge } from './LinkParts';
import { useRevokeConfirm } from './use-revoke-confirm';

/** The folder's share links in the folder's dialog: what each is, where it stands, Copy and Revoke. */
export function FolderLinkList({ folderId }: { folderId: string }) {
  const links = useFolderLinks(folderId);
  const revoke = useRevokeConfirm();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="font-semibold">
        Links to this folder
      </h3>
      {links.isPending && (
        <p role="status" className="flex items-center gap-2 text-sm text-base-content/80">
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          Loading links…
        </p>
      )}
      {links.isError && <ErrorState message="Failed to load share links" />}
      {links.data?.length === 0 && (
        <p className="text-sm text-base-content/80">No links to this folder yet.</p>
      )}
      {links.data && links.data.length > 0 && (
        <ul aria-labelledby={headingId} className="flex flex-col divide-y divide-base-300">
          {links.data.map((link) => (
            <FolderLinkRow key={link._id} link={link} onRevoke={revoke.ask} />
          ))}
        </ul>
      )}
      {revoke.dialog}
    </section>
  );
}

function FolderLinkRow({ link, onRevoke }: { link: Link; onRevoke: (link: Link) => void }) {
  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 flex-1 font-medium break-words">
          {link.label ?? `Link made ${formatWhen(link.createdAt)}`}
        </span>
        {link.hasPassword && <span className="badge badge-ghost badge-sm">password</span>}
        <StateBadge link={link} />
      </div>
      <p className="text-xs text-base-content/80">
        Expires {formatWhen(link.expiresAt, 'never')} · Downloads{' '}
        <span className="tabular-nums">{downloadsUsed(link)}</span>
      </p>
      <LinkActions link={link} onRevoke={onRevoke} />
    </li>
  );
}
