import { Link } from 'react-router';
import { fileTypeLabel, formatDate, formatSize, type StoredFile } from '@cloudstash/contract';
import { FileIcon } from './FileIcon';
import { VisibilityBadge } from './VisibilityBadge';
import { ModifiedAt } from './ModifiedAt';
import { dragProps, type FileActions, type FileColumn, type RowExtras } from './file-columns';

interface FileCardsProps {
  files: StoredFile[];
  label: string;
  /** The same column set as the table: the uploader line and the visibility badge show only when listed. */
  columns: readonly FileColumn[];
  showEmail?: boolean;
  actions: FileActions;
  extras?: RowExtras;
}

/** Phone layout of a file list: one card per file with its actions in reach, no sideways scrolling. */
export function FileCards({ files, label, columns, showEmail, actions, extras }: FileCardsProps) {
  const showUploader = columns.includes('uploader');
  const showVisibility = columns.includes('visibility');
  return (
    <ul className="flex flex-col gap-3" aria-label={label}>
      {files.map((file) => (
        <li
          key={file._id}
          className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm"
          {...dragProps(file, extras)}
        >
          <div className="flex items-start gap-3">
            {extras?.leading(file)}
            <FileIcon mimetype={file.mimetype} className="mt-0.5 size-6" />
            <div className="min-w-0 flex-1">
              <Link
                to={`/dashboard/file/${file._id}`}
                className="link block truncate font-semibold"
                title={file.filename}
              >
                {file.filename}
              </Link>
              {showUploader && (
                <p className="truncate text-sm text-base-content/80">
                  {file.uploadedBy?.name ?? 'Unknown User'}
                  {showEmail && file.uploadedBy?.email ? ` · ${file.uploadedBy.email}` : ''}
                </p>
              )}
              <p className="text-sm text-base-content/80">
                {fileTypeLabel(file.mimetype)} · {formatSize(file.size)} · {file.downloadCount}{' '}
                {file.downloadCount === 1 ? 'download' : 'downloads'}
              </p>
              <p className="text-xs text-base-content/70">
                {formatDate(file.createdAt)}
                <ModifiedAt file={file} />
              </p>
            </div>
            {showVisibility && <VisibilityBadge isPublic={file.isPublic} />}
          </div>
          <div className="mt-3 flex justify-end">{actions(file)}</div>
        </li>
      ))}
    </ul>
  );
}
