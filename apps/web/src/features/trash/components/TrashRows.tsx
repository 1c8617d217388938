import { formatDate, formatSize, type TrashItem } from '@cloudstash/contract';
import { FileIcon, FolderIcon } from '../../../components/FileIcon';
import { ResponsiveRows } from '../../../components/ResponsiveRows';
import { daysLeftText, folderContents, originalLocation } from '../trash-format';

export interface TrashRowHandlers {
  isChosen: (item: TrashItem) => boolean;
  onCheck: (item: TrashItem, shift: boolean) => void;
  onRestore: (item: TrashItem) => void;
  onPurge: (item: TrashItem) => void;
  /** A restore or purge is under way: the row buttons wait for it. */
  busy: boolean;
}

const CAPTION = 'Items in Trash';
/** What a screen reader calls the item: a folder says so, since its name alone would not. */
const spoken = (item: TrashItem) => (item.kind === 'folder' ? `folder ${item.name}` : item.name);

/** The row's checkbox; `data-trash-id` lets focus find the row again after others have left. */
function RowCheckbox({ item, isChosen, onCheck }: { item: TrashItem } & TrashRowHandlers) {
  return (
    <input
      type="checkbox"
      className="checkbox checkbox-sm bg-base-100"
      data-trash-id={item._id}
      checked={isChosen(item)}
      onChange={() => undefined}
      onClick={(event) => onCheck(item, event.shiftKey)}
      aria-label={`Select ${spoken(item)}`}
    />
  );
}

function ItemName({ item }: { item: TrashItem }) {
  const contents = folderContents(item);
  return (
    <div className="flex min-w-0 items-center gap-2">
      {item.kind === 'folder' ? <FolderIcon /> : <FileIcon mimetype={item.mimetype ?? ''} />}
      <div className="min-w-0">
        <p className="truncate font-medium" title={item.name}>
          {item.name}
        </p>
        {contents && <p className="text-xs text-base-content/70">Folder · {contents}</p>}
      </div>
    </div>
  );
}

function RowActions({ item, onRestore, onPurge, busy }: { item: TrashItem } & TrashRowHandlers) {
  return (
    <div className="flex flex-wrap justify-end gap-1">
      <button
        type="button"
        className="btn btn-xs btn-outline"
        disabled={busy}
        onClick={() => onRestore(item)}
        aria-label={`Restore ${spoken(item)}`}
      >
        Restore
      </button>
      <button
        type="button"
        className="btn btn-xs btn-error"
        disabled={busy}
        onClick={() => onPurge(item)}
        // The visible label starts the name, so a voice user can say what they see.
        aria-label={`Delete forever: ${spoken(item)}`}
      >
        Delete forever
      </button>
    </div>
  );
}

/**
 * The items in Trash: a table on wide screens, a card each on phones (only one of the two is displayed), each
 * with its checkbox, where it was, its size, when it was deleted, how long it stays, Restore and Delete forever.
 */
export function TrashRows({ items, ...handlers }: { items: TrashItem[] } & TrashRowHandlers) {
  return (
    <ResponsiveRows
      items={items}
      keyOf={(item) => item._id}
      caption={CAPTION}
      headings={[
        { hidden: 'Selected', className: 'w-8' },
        'Name',
        'Original location',
        'Size',
        'Deleted',
        'Time left',
      ]}
      cells={(item) => (
        <>
          <td>
            <RowCheckbox item={item} {...handlers} />
          </td>
          <td className="max-w-64">
            <ItemName item={item} />
          </td>
          <td className="max-w-48 truncate" title={originalLocation(item.path)}>
            {originalLocation(item.path)}
          </td>
          <td className="whitespace-nowrap">{formatSize(item.size)}</td>
          <td className="whitespace-nowrap">{formatDate(item.deletedAt)}</td>
          <td className="whitespace-nowrap">{daysLeftText(item.purgeAt)}</td>
          <td>
            <RowActions item={item} {...handlers} />
          </td>
        </>
      )}
      card={(item) => (
        <>
          <div className="flex items-start gap-3">
            <RowCheckbox item={item} {...handlers} />
            <div className="min-w-0 flex-1">
              <ItemName item={item} />
              <p className="mt-1 truncate text-sm text-base-content/80">From {originalLocation(item.path)}</p>
              <p className="text-sm text-base-content/80">
                {formatSize(item.size)} · {daysLeftText(item.purgeAt)}
              </p>
              <p className="text-xs text-base-content/70">Deleted {formatDate(item.deletedAt)}</p>
            </div>
          </div>
          <div className="mt-3">
            <RowActions item={item} {...handlers} />
          </div>
        </>
      )}
    />
  );
}
