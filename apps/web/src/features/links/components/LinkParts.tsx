import type { Link } from '@cloudstash/contract';
import { FolderIcon } from '../../../components/FileIcon';
import { copyLink } from '../../../lib/share';
import { STATE_BADGE } from '../format';

export function StateBadge({ link }: { link: Link }) {
  return (
    <span className={`badge badge-soft whitespace-nowrap ${STATE_BADGE[link.state]}`}>{link.state}</span>
  );
}

/** How the lists name a link in its buttons: its label, or what it shares. */
export const linkName = (link: Link) => link.label ?? link.filename;

/** A link's Copy (when its address can be shown) and Revoke (until revoked), named after the link. */
export function LinkActions({ link, onRevoke }: { link: Link; onRevoke: (link: Link) => void }) {
  const name = linkName(link);
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

/** A folder link's mark beside its name: the lists hold files and folders together. */
export function FolderMark() {
  return (
    <span className="badge badge-ghost badge-sm gap-1 whitespace-nowrap">
      <FolderIcon className="size-3.5" />
      folder
    </span>
  );
}
