import { useState, type DragEvent, type FocusEvent } from 'react';
import { Link } from 'react-router';
import type { Folder, Selection } from '../../../api/folders';
import { FolderIcon } from '../../../components/FileIcon';
import { startMoveDrag, useMoveDropTarget } from '../drag-move';

/** A folder's action in its tile's menu. */
export type FolderAction = [label: string, run: () => void];

export interface FolderTileHandlers {
  hrefOf: (folderId: string) => string;
  isSelected: (folder: Folder) => boolean;
  onCheck: (folder: Folder, shift: boolean) => void;
  /**
   * Dragging tiles and dropping rows on them, where the person may move things (absent for a viewer): the rows a
   * drag of a folder carries (the selection when the folder is in it), and the move a drop asks for.
   */
  moving?: {
    dragged: (folder: Folder) => Selection;
    onMove: (entries: Selection, target: string | null) => void;
  };
  /** The folder's menu (Share, Rename, Move to…, Delete, as allowed); no menu when there is nothing in it. */
  actions: (folder: Folder) => FolderAction[];
}

/** The subfolders of the folder on screen, before its files: a tile each, to open, choose, drag or drop on. */
export function FolderTiles({ folders, ...handlers }: { folders: Folder[] } & FolderTileHandlers) {
  return (
    <ul
      aria-label="Folders"
      className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
    >
      {folders.map((folder) => (
        <FolderTile key={folder._id} folder={folder} {...handlers} />
      ))}
    </ul>
  );
}

const NO_MOVE = () => undefined;

function FolderTile({
  folder,
  hrefOf,
  isSelected,
  onCheck,
  moving,
  actions,
}: { folder: Folder } & FolderTileHandlers) {
  const target = useMoveDropTarget(folder._id, moving?.onMove ?? NO_MOVE);
  const menu = actions(folder);
  return (
    <li
      {...(moving
        ? {
            ...target.handlers,
            draggable: true,
            onDragStart: (event: DragEvent) => startMoveDrag(event, moving.dragged(folder)),
          }
        : {})}
      className={`flex items-center gap-2 rounded-box border bg-base-100 px-3 py-2 shadow-sm ${
        target.over ? 'border-primary bg-primary/10' : 'border-base-300'
      }`}
    >
      <input
        type="checkbox"
        className="checkbox checkbox-sm"
        checked={isSelected(folder)}
        onChange={() => undefined}
        onClick={(event) => onCheck(folder, event.shiftKey)}
        aria-label={`Select folder ${folder.name}`}
      />
      <FolderIcon className="size-6" />
      <Link
        to={hrefOf(folder._id)}
        className="link link-hover min-w-0 flex-1 line-clamp-2 break-words font-medium"
        title={folder.name}
      >
        {folder.name}
      </Link>
      {menu.length > 0 && <FolderMenu name={folder.name} actions={menu} />}
    </li>
  );
}

/** A folder's actions behind one button: a short menu that closes on Escape, on a choice, or when focus leaves it. */
function FolderMenu({ name, actions }: { name: string; actions: FolderAction[] }) {
  const [open, setOpen] = useState(false);
  const closeWhenLeft = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };
  return (
    <div
      className="relative"
      onBlur={closeWhenLeft}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
        }
      }}
    >
      <button
        type="button"
        className="btn btn-ghost btn-xs"
        aria-label={`Actions for folder ${name}`}
        aria-expanded={open}
        onClick={() => setOpen((now) => !now)}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="currentColor">
          <circle cx="5" cy="12" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="19" cy="12" r="2" />
        </svg>
      </button>
      {open && (
        <ul className="menu absolute right-0 z-30 mt-1 w-40 rounded-box border border-base-300 bg-base-100 p-1 shadow">
          {actions.map(([label, run]) => (
            <li key={label}>
              <button
                type="button"
                onClick={() => {
                  setOpen(false);
                  run();
                }}
              >
                {label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
