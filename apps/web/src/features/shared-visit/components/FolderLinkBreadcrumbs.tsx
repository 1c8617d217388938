import { Link } from 'react-router';
import type { SharedFolderView } from '@cloudstash/contract';
import { linkFolderHref } from '../api/shared-folder';

interface FolderLinkBreadcrumbsProps {
  token: string;
  view: SharedFolderView;
}

/**
 * Where the folder on screen sits inside the shared folder, never above it: the shared folder first (its page
 * without ?folder=), the folders between, then the folder on screen, which is not a link. Long paths wrap rather
 * than scroll sideways on a phone.
 */
export function FolderLinkBreadcrumbs({ token, view }: FolderLinkBreadcrumbsProps) {
  // At the shared folder itself the path would only repeat the heading below it.
  if (view.path.length === 0) return null;
  return (
    <nav aria-label="Folder path" className="text-sm">
      <ol className="flex flex-wrap items-center gap-x-1">
        {view.path.map((folder, index) => (
          <li key={folder._id} className="flex min-w-0 items-center gap-1">
            <Link
              to={linkFolderHref(token, index === 0 ? null : folder._id)}
              className="link inline-flex min-h-6 items-center break-all link-hover"
            >
              {folder.name}
            </Link>
            <span aria-hidden="true" className="text-base-content/60">
              /
            </span>
          </li>
        ))}
        <li className="flex min-w-0 items-center">
          <span aria-current="page" className="inline-flex min-h-6 items-center font-semibold break-all">
            {view.folder.name}
          </span>
        </li>
      </ol>
    </nav>
  );
}
