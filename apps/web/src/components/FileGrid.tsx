import { Link } from 'react-router';
import { formatSize, type StoredFile } from '@cloudstash/contract';
import { FileThumbnail } from './FileThumbnail';
import { VisibilityBadge } from './VisibilityBadge';
import { dragProps, type FileActions, type FileColumn, type RowExtras } from './file-columns';

interface FileGridProps {
  files: StoredFile[];
  label: string;
  /** The list's columns: the uploader line and the visibility badge show only when listed, as in the table. */
  columns: readonly FileColumn[];
  showEmail?: boolean;
  actions: FileActions;
  extras?: RowExtras;
}

/** Cards on a first screen at most: two rows of the widest grid (five columns). */
const FIRST_SCREEN_CARDS = 10;

/** The grid layout of a file list: a card per file with its thumbnail, name, size and the rows' actions. */
export function FileGrid({ files, label, columns, showEmail, actions, extras }: FileGridProps) {
  const showUploader = columns.includes('uploader');
  const showVisibility = columns.includes('visibility');
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5" aria-label={label}>
      {files.map((file, index) => (
        <li
          key={file._id}
          className="relative flex flex-col overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-sm"
          {...dragProps(file, extras)}
        >
          {extras && <div className="absolute top-2 left-2 z-10">{extras.leading(file)}</div>}
          {/* The name below is the card's link for keyboards and screen readers; the picture is a mouse shortcut. */}
          <Link to={`/dashboard/file/${file._id}`} tabIndex={-1} aria-hidden="true">
            <FileThumbnail file={file} eager={index < FIRST_SCREEN_CARDS} />
          </Link>
          <div className="flex flex-1 flex-col gap-1 p-3">
            <Link
              to={`/dashboard/file/${file._id}`}
              className="link link-hover truncate font-semibold"
              title={file.filename}
            >
              {file.filename}
            </Link>
            {showUploader && (
              <p className="truncate text-xs text-base-content/80">
                {file.uploadedBy?.name ?? 'Unknown User'}
                {showEmail && file.uploadedBy?.email ? ` · ${file.uploadedBy.email}` : ''}
              </p>
            )}
            <div className="flex flex-wrap items-center justify-between gap-1 text-sm text-base-content/80">
              <span>{formatSize(file.size)}</span>
              {showVisibility && <VisibilityBadge isPublic={file.isPublic} />}
            </div>
            <div className="mt-auto flex flex-wrap justify-end gap-1 pt-2">{actions(file)}</div>
          </div>
        </li>
      ))}
    </ul>
  );
}
