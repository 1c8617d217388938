import { Link } from 'react-router';
import type { SharedFolderView } from '@cloudstash/contract';
import { FolderIcon } from '../../../components/FileIcon';
import { linkFolderHref } from '../api/shared-folder';
import type { LinkSelection } from './use-link-selection';

interface FolderLinkFoldersProps {
  token: string;
  folders: SharedFolderView['folders'];
  selection: LinkSelection;
}

/** The subfolders of the folder on screen: a tile each, opened by its name (the whole tile, by touch), or ticked. */
export function FolderLinkFolders({ token, folders, selection }: FolderLinkFoldersProps) {
  if (folders.length === 0) return null;
  return (
    <section aria-labelledby="link-folders" className="flex flex-col gap-2">
      <h2 id="link-folders" className="text-lg font-semibold">
        Folders
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
        {folders.map((folder) => (
          <li
            key={folder._id}
            className="relative flex items-center gap-2 rounded-box border border-base-300 bg-base-100 p-3 shadow-sm focus-within:border-primary"
          >
            {/* Above the link's stretched area, so a tap on the box ticks rather than opens. */}
            <input
              type="checkbox"
              className="checkbox relative z-10 shrink-0"
              checked={selection.isChosen('folder', folder._id)}
              onChange={() => selection.toggle('folder', folder._id)}
              aria-label={`Select folder ${folder.name}`}
            />
            <FolderIcon className="size-6" />
            <Link
              to={linkFolderHref(token, folder._id)}
              title={folder.name}
              className="link min-w-0 flex-1 truncate font-medium link-hover after:absolute after:inset-0 after:content-['']"
            >
              {folder.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
