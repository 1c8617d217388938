import { Link, useNavigate } from 'react-router';
import { fileTypeLabel, formatDate, formatSize, type SortField, type StoredFile } from '@cloudstash/contract';
import type { SortState } from '../lib/list-state';
import { SortHeader } from './SortHeader';
import { FileIcon } from './FileIcon';
import { VisibilityBadge } from './VisibilityBadge';
import { ModifiedAt } from './ModifiedAt';
import { uploaderShown } from '../lib/uploader';
import { COLUMN_SORT, dragProps, type FileActions, type FileColumn, type RowExtras } from './file-columns';

interface FileTableProps {
  files: StoredFile[];
  caption: string;
  columns: readonly FileColumn[];
  sort: SortState;
  onSort: (column: SortField) => void;
  /** Shows the uploader's email under the name (All Files uses it). */
  showEmail?: boolean;
  actions: FileActions;
  extras?: RowExtras;
}

const LABELS: Record<FileColumn, string> = {
  file: 'File',
  uploader: 'Uploader',
  type: 'Type',
  visibility: 'Visibility',
  size: 'Size',
  downloads: 'Downloads',
  uploaded: 'Uploaded',
};

/**
 * The wide-screen layout of every file list (My Files, Public Files, All Files, one user's files); FileList
 * pairs it with FileCards for phones. Columns with a server sort have sort buttons in their headers. A row
 * opens the file's preview; the actions cell keeps its clicks to itself.
 */
export function FileTable({
  files,
  caption,
  columns,
  sort,
  onSort,
  showEmail,
  actions,
  extras,
}: FileTableProps) {
  const navigate = useNavigate();
  const cell = (file: StoredFile, column: FileColumn) => {
    switch (column) {
      case 'file':
        return (
          <td key={column} className="max-w-64">
            <div className="flex items-center gap-2">
              {extras && <span onClick={(event) => event.stopPropagation()}>{extras.leading(file)}</span>}
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
            {extras?.location?.(file)}
          </td>
        );
      case 'uploader':
        return (
          <td key={column} className="whitespace-nowrap">
            <UploaderLines file={file} showEmail={showEmail} />
          </td>
        );
      case 'type':
        return (
          <td key={column}>
            <span className="badge badge-ghost badge-sm">{fileTypeLabel(file.mimetype, file.filename)}</span>
          </td>
        );
      case 'visibility':
        return (
          <td key={column}>
            <VisibilityBadge isPublic={file.isPublic} />
          </td>
        );
      case 'size':
        return (
          <td key={column} className="whitespace-nowrap">
            {formatSize(file.size)}
          </td>
        );
      case 'downloads':
        return <td key={column}>{file.downloadCount}</td>;
      case 'uploaded':
        return (
          <td key={column} className="whitespace-nowrap">
            {formatDate(file.createdAt)}
            <ModifiedAt file={file} />
          </td>
        );
    }
  };
  return (
    <div className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 md:block">
      <table className="table table-zebra">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-base-content">
          <tr>
            {columns.map((column) => {
              const label = LABELS[column];
              const sortBy = COLUMN_SORT[column];
              return sortBy ? (
                <SortHeader key={column} label={label} column={sortBy} sort={sort} onSort={onSort} />
              ) : (
                <th key={column} scope="col">
                  {label}
                </th>
              );
            })}
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {files.map((file) => (
            <tr
              key={file._id}
              className="hover:bg-base-200 cursor-pointer"
              onClick={() => navigate(`/dashboard/file/${file._id}`)}
              {...dragProps(file, extras)}
            >
              {columns.map((column) => cell(file, column))}
              <td onClick={(event) => event.stopPropagation()}>{actions(file)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The uploader column: who put the file here, its owner under it where that is someone else, then the email. */
function UploaderLines({ file, showEmail }: { file: StoredFile; showEmail?: boolean }) {
  const { name, owner } = uploaderShown(file);
  return (
    <>
      <div>{name}</div>
      {owner && <div className="text-xs text-base-content/70">Owner: {owner}</div>}
      {showEmail && file.uploadedBy?.email && (
        <div className="text-xs text-base-content/70">{file.uploadedBy.email}</div>
      )}
    </>
  );
}
