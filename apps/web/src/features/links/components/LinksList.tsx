import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import toast from 'react-hot-toast';
import { LINK_MESSAGES, type Link } from '@cloudstash/contract';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { messageOf } from '../../../api/api-client';
import { useRevokeLink } from '../api/links';
import { copyLink } from '../../../lib/share';
import { STATE_BADGE, downloadsUsed, formatWhen } from '../format';

function StateBadge({ link }: { link: Link }) {
  return (
    <span className={`badge badge-soft whitespace-nowrap ${STATE_BADGE[link.state]}`}>{link.state}</span>
  );
}

function Actions({ link, onRevoke }: { link: Link; onRevoke: (link: Link) => void }) {
  const name = link.label ?? link.filename;
  return (
    <div className="flex flex-wrap gap-2">
      {link.url && (
        <button
          type="button"
          className="btn btn-sm btn-outline"
          onClick={() => void copyLink(link.url)}
          aria-label={`Copy link to ${name}`}
        >
          Copy
        </button>
      )}
      {link.state !== 'revoked' && (
        <button
          type="button"
          className="btn btn-sm btn-error btn-outline"
          onClick={() => onRevoke(link)}
          aria-label={`Revoke link to ${name}`}
        >
          Revoke
        </button>
      )}
    </div>
  );
}

/**
 * Every link with its file, label, dates, downloads used of the limit, last download and state: a table on
 * wide screens, one card per link on phones. `showOwner` adds the owner's name (the admin screen).
 */
export function LinksList({ links, showOwner = false }: { links: Link[]; showOwner?: boolean }) {
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
  const fileLink = (link: Link) => (
    <RouterLink to={`/dashboard/file/${link.fileId}`} className="link link-hover font-medium break-all">
      {link.filename}
    </RouterLink>
  );

  return (
    <>
      <div className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 md:block">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">File</th>
              {showOwner && <th scope="col">Owner</th>}
              <th scope="col">Label</th>
              <th scope="col">Created</th>
              <th scope="col">Expires</th>
              <th scope="col">Downloads</th>
              <th scope="col">Last download</th>
              <th scope="col">State</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {links.map((link) => (
              <tr key={link._id}>
                <td>
                  {fileLink(link)}
                  {link.hasPassword && <span className="ml-2 badge badge-ghost badge-sm">password</span>}
                </td>
                {showOwner && <td>{link.ownerName ?? 'Unknown User'}</td>}
                <td>{link.label ?? '—'}</td>
                <td className="whitespace-nowrap">{formatWhen(link.createdAt)}</td>
                <td className="whitespace-nowrap">{formatWhen(link.expiresAt, 'Never')}</td>
                <td className="tabular-nums">{downloadsUsed(link)}</td>
                <td className="whitespace-nowrap">{formatWhen(link.lastDownloadAt)}</td>
                <td>
                  <StateBadge link={link} />
                </td>
                <td>
                  <Actions link={link} onRevoke={setConfirming} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-3 md:hidden">
        {links.map((link) => (
          <li key={link._id} className="card border border-base-300 bg-base-100 shadow-sm">
            <div className="card-body gap-2 p-4">
              <div className="flex items-start justify-between gap-2">
                {fileLink(link)}
                <StateBadge link={link} />
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                {showOwner && (
                  <>
                    <dt className="text-base-content/70">Owner</dt>
                    <dd>{link.ownerName ?? 'Unknown User'}</dd>
                  </>
                )}
                <dt className="text-base-content/70">Label</dt>
                <dd>{link.label ?? '—'}</dd>
                <dt className="text-base-content/70">Created</dt>
                <dd>{formatWhen(link.createdAt)}</dd>
                <dt className="text-base-content/70">Expires</dt>
                <dd>{formatWhen(link.expiresAt, 'Never')}</dd>
                <dt className="text-base-content/70">Downloads</dt>
                <dd className="tabular-nums">{downloadsUsed(link)}</dd>
                <dt className="text-base-content/70">Last download</dt>
                <dd>{formatWhen(link.lastDownloadAt)}</dd>
                <dt className="text-base-content/70">Password</dt>
                <dd>{link.hasPassword ? 'Yes' : 'No'}</dd>
              </dl>
              <Actions link={link} onRevoke={setConfirming} />
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        title="Revoke link"
        message="Anyone holding this link loses access at once. This cannot be undone."
        confirmLabel="Revoke"
        pending={revoke.isPending}
        onConfirm={onConfirm}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
