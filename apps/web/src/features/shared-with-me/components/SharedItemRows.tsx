import { Link } from 'react-router';
import { fileTypeLabel, formatDate, formatSize, type SharedWithMeItem } from '@cloudstash/contract';
import { FileIcon, FolderIcon } from '../../../components/FileIcon';
import { ResponsiveRows } from '../../../components/ResponsiveRows';
import { ROLE_LABELS } from '../../../components/share/share-words';

interface SharedItemRowsProps {
  items: SharedWithMeItem[];
  onLeave: (item: SharedWithMeItem) => void;
  /** A leave is under way: the Leave buttons wait for it. */
  busy: boolean;
}

const CAPTION = 'Shared with me';
/** A folder opens in the shared folder browser; a file on its preview page. */
const hrefOf = (item: SharedWithMeItem) =>
  item.kind === 'folder' ? `/dashboard/shared-with-me/${item._id}` : `/dashboard/file/${item._id}`;
/** What a screen reader calls the item: a folder says so, since its name alone would not. */
const spoken = (item: SharedWithMeItem) => (item.kind === 'folder' ? `folder ${item.name}` : item.name);
const kindText = (item: SharedWithMeItem) =>
  item.kind === 'folder'
    ? 'Folder'
    : [
        item.mimetype ? fileTypeLabel(item.mimetype, item.name) : 'File',
        item.size !== undefined ? formatSize(item.size) : null,
      ]
        .filter(Boolean)
        .join(' · ');

/** The name, linked as file lists link theirs: underlined on hover in a table, always on a phone's card. */
function ItemName({ item, card = false }: { item: SharedWithMeItem; card?: boolean }) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      {item.kind === 'folder' ? <FolderIcon /> : <FileIcon mimetype={item.mimetype ?? ''} />}
      <div className="min-w-0">
        <Link
          to={hrefOf(item)}
          className={`link block truncate ${card ? 'font-semibold' : 'link-hover font-medium'}`}
          title={item.name}
        >
          {item.name}
        </Link>
        <p className="text-xs text-base-content/80">{kindText(item)}</p>
      </div>
    </div>
  );
}

/** The role, and how it came: a direct share can be left, a group's only by leaving the group. */
function RoleText({ item }: { item: SharedWithMeItem }) {
  return (
    <div className="flex flex-wrap items-center gap-x-2">
      <span className={`badge badge-sm ${item.role === 'editor' ? 'badge-secondary' : 'badge-neutral'}`}>
        {ROLE_LABELS[item.role]}
      </span>
      {item.shareId === null && <span className="text-xs text-base-content/80">through a group</span>}
    </div>
  );
}

function LeaveButton({
  item,
  onLeave,
  busy,
}: { item: SharedWithMeItem } & Omit<SharedItemRowsProps, 'items'>) {
  if (item.shareId === null) return null;
  return (
    <button
      type="button"
      className="btn btn-xs btn-outline"
      disabled={busy}
      onClick={() => onLeave(item)}
      aria-label={`Leave ${spoken(item)}`}
    >
      Leave
    </button>
  );
}

/**
 * What others shared with the caller: a table on wide screens, a card each on phones (only one of the two is
 * displayed), each with its name, owner, role, when it was shared and, for a direct share, Leave.
 */
export function SharedItemRows({ items, ...handlers }: SharedItemRowsProps) {
  return (
    <ResponsiveRows
      items={items}
      keyOf={(item) => `${item.kind}:${item._id}`}
      caption={CAPTION}
      headings={['Name', 'Owner', 'Your role', 'Shared']}
      cells={(item) => (
        <>
          <td className="max-w-72">
            <ItemName item={item} />
          </td>
          <td className="max-w-48 truncate" title={item.owner.name}>
            {item.owner.name}
          </td>
          <td>
            <RoleText item={item} />
          </td>
          <td className="whitespace-nowrap">{formatDate(item.sharedAt)}</td>
          <td className="text-right">
            <LeaveButton item={item} {...handlers} />
          </td>
        </>
      )}
      card={(item) => (
        <>
          <ItemName item={item} card />
          <p className="mt-2 truncate text-sm text-base-content/80">Shared by {item.owner.name}</p>
          <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
            <RoleText item={item} />
            <span className="text-xs text-base-content/80">{formatDate(item.sharedAt)}</span>
          </div>
          {item.shareId !== null && (
            <div className="mt-3 flex justify-end">
              <LeaveButton item={item} {...handlers} />
            </div>
          )}
        </>
      )}
    />
  );
}
