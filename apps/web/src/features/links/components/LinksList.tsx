import { Link as RouterLink } from 'react-router';
import type { Link } from '@cloudstash/contract';
import { ResponsiveRows } from '../../../components/ResponsiveRows';
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
      <RouterLink to={itemHref(link)} className="link link-hover font-medium break-words">
        {link.filename}
      </RouterLink>
      {link.kind === 'folder' && <FolderMark />}
    </span>
  );

  return (
    <>
      <ResponsiveRows
        items={links}
        keyOf={(link) => link._id}
        headings={['File or folder', showOwner && 'Owner', 'Label', 'Dates', 'Downloads', 'State']}
        zebra={false}
        strongHeadings={false}
        cells={(link) => (
          <>
            <td>
              {itemLink(link)}
              {link.hasPassword && <span className="ml-2 badge badge-ghost badge-sm">password</span>}
            </td>
            {showOwner && <td>{link.ownerName ?? 'Unknown User'}</td>}
            <td className="break-words">{link.label ?? '—'}</td>
            {/* Two figures a cell, each with its own words: nine columns did not fit beside the menu at 1280 px. */}
            <td className="whitespace-nowrap text-sm">
              <div>Created {formatWhen(link.createdAt)}</div>
              <div className="text-base-content/70">Expires {formatWhen(link.expiresAt, 'Never')}</div>
            </td>
            <td className="whitespace-nowrap text-sm">
              <div className="tabular-nums">{downloadsUsed(link)}</div>
              <div className="text-base-content/70">Last download {formatWhen(link.lastDownloadAt)}</div>
            </td>
            <td>
              <StateBadge link={link} />
            </td>
            <td>
              <LinkActions link={link} onRevoke={revoke.ask} />
            </td>
          </>
        )}
        cardClassName="card border border-base-300 bg-base-100 shadow-sm"
        card={(link) => (
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
        )}
      />
      {revoke.dialog}
    </>
  );
}
