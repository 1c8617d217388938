import { Link as RouterLink } from 'react-router';
import type { Link } from '@cloudstash/contract';
import { downloadsUsed, formatWhen } from '../format';
import { FolderMark, LinkActions, StateBadge } from './LinkParts';
import { useRevokeConfirm } from './use-revoke-confirm';

/** Where a link's row leads its owner: the file's preview, or the folder in My Files. */
const itemHref = (link: Link) =>
  link.kind === 'folder'
    ? `/dashboard/my-files?folder=${encodeURIComponent(link.folderId ?? '')}`
    : `/dashboard/file/${link.fileId}`;

/**
 * Every link with its file or folder, label, dates, downloads used of the limit, last download and state: a table on
 * wide screens, one card per link on phones. `showOwner` adds the owner's name (the admin screen).
 */
export function LinksList({ links, showOwner = false }: { links: Link[]; showOwner?: boolean }) {
  const revoke = useRevokeConfirm();
  const itemLink = (link: Link) => (
    <span className="inline-flex flex-wrap items-center gap-2">
      <RouterLink to={itemHref(link)} className="link link-hover font-medium break-all">
        {link.filename}
      </RouterLink>
      {link.kind === 'folder' && <FolderMark />}
    </span>
  );

  return (
    <>
      <div className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 md:block">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">File or folder</th>
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
                  {itemLink(link)}
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
                  <LinkActions link={link} onRevoke={revoke.ask} />
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
                {itemLink(link)}
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
              <LinkActions link={link} onRevoke={revoke.ask} />
            </div>
          </li>
        ))}
      </ul>
      {revoke.dialog}
    </>
  );
}
