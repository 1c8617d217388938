import { Link, useNavigate } from 'react-router';
import { fileTypeLabel, formatDate, formatSize, type SortField, type StoredFile } from '@cloudstash/contract';
import type { SortState } from '../lib/list-state';
import { SortHeader } from './SortHeader';
import { DownloadButton } from './DownloadButton';
import { FileIcon } from './FileIcon';
import { FileCards } from './FileCards';
import { SortControl } from './SortControl';

interface FileTableProps {
  files: StoredFile[];
  caption: string;
  /** Without sort state the headers are plain text (every current caller passes it). */
  sort?: SortState;
  onSort?: (column: SortField) => void;
  showVisibility?: boolean;
  /** Shows the uploader's email under the name (All Files uses it). */
  showEmail?: boolean;
  onDownloaded?: () => void;
}

const SORTABLE: { column: SortField; label: string }[] = [
  { column: 'filename', label: 'File' },
  { column: 'uploader', label: 'Uploader' },
];
const SORTABLE_TAIL: { column: SortField; label: string }[] = [
  { column: 'size', label: 'Size' },
  { column: 'downloadCount', label: 'Downloads' },
  { column: 'createdAt', label: 'Uploaded' },
];

/**
 * The file list shared by Public Files, All Files and an admin's view of one user's files. On wider screens a
 * table row opens the preview; on phones each card's filename links to it.
 */
export function FileTable({
  files,
  caption,
  sort,
  onSort,
  showVisibility,
  showEmail,
  onDownloaded,
}: FileTableProps) {
  const navigate = useNavigate();
  const header = (column: SortField, label: string) =>
    sort && onSort ? (
      <SortHeader key={column} label={label} column={column} sort={sort} onSort={onSort} />
    ) : (
      <th key={column} scope="col">
        {label}
      </th>
    );
  return (
    <>
      {/* Phones get cards (and a sort control); wider screens the table. Only one of the two is displayed. */}
      <div className="flex flex-col gap-3 md:hidden">
        {sort && onSort && <SortControl sort={sort} onSort={onSort} />}
        <FileCards
          files={files}
          label={caption}
          showVisibility={showVisibility}
          showEmail={showEmail}
          onDownloaded={onDownloaded}
        />
      </div>
      <div className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 md:block">
        <table className="table table-zebra">
          <caption className="sr-only">{caption}</caption>
          <thead className="text-base-content">
            <tr>
              {SORTABLE.map(({ column, label }) => header(column, label))}
              <th scope="col">Type</th>
              {showVisibility && <th scope="col">Visibility</th>}
              {SORTABLE_TAIL.map(({ column, label }) => header(column, label))}
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {files.map((file) => (
              <tr
                key={file._id}
                className="hover:bg-base-200 cursor-pointer"
                onClick={() => navigate(`/dashboard/file/${file._id}`)}
              >
                <td className="max-w-64">
                  <div className="flex items-center gap-2">
                    <FileIcon mimetype={file.mimetype} />
                    <Link
                      to={`/dashboard/file/${file._id}`}
                      className="link link-hover truncate font-medium"
                      title={file.filename}
                      onClick={(event) => event.stopPropagation()}
                    >
                      {file.filename}
                    </Link>
                  </div>
                </td>
                <td className="whitespace-nowrap">
                  <div>{file.uploadedBy?.name ?? 'Unknown User'}</div>
                  {showEmail && file.uploadedBy?.email && (
                    <div className="text-xs text-base-content/70">{file.uploadedBy.email}</div>
                  )}
                </td>
                <td>
                  <span className="badge badge-ghost badge-sm">{fileTypeLabel(file.mimetype)}</span>
                </td>
                {showVisibility && (
                  <td>
                    <VisibilityBadge isPublic={file.isPublic} />
                  </td>
                )}
                <td className="whitespace-nowrap">{formatSize(file.size)}</td>
                <td>{file.downloadCount}</td>
                <td className="whitespace-nowrap">{formatDate(file.createdAt)}</td>
                <td>
                  <DownloadButton file={file} onDownloaded={onDownloaded} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function VisibilityBadge({ isPublic }: { isPublic: boolean }) {
  return (
    <span className={`badge badge-sm ${isPublic ? 'badge-success' : 'badge-neutral'}`}>
      {isPublic ? 'Public' : 'Private'}
    </span>
  );
}
