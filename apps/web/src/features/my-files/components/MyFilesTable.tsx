import { Link } from 'react-router';
import { fileTypeLabel, formatDate, formatSize, type StoredFile } from '@cloudstash/contract';
import { FileIcon } from '../../../components/FileIcon';
import { VisibilityBadge } from '../../../components/FileTable';

export interface MyFilesTableProps {
  files: StoredFile[];
  onEdit: (file: StoredFile) => void;
  onDelete: (file: StoredFile) => void;
}

/** Desktop layout; phones get MyFilesCards. Columns: File, Type, Size, Visibility, Downloads, Uploaded, Actions (Preview, Edit, Delete). */
export function MyFilesTable({ files, onEdit, onDelete }: MyFilesTableProps) {
  return (
    <div className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 md:block">
      <table className="table table-zebra">
        <caption className="sr-only">Your files</caption>
        <thead className="text-base-content">
          <tr>
            <th scope="col">File</th>
            <th scope="col">Type</th>
            <th scope="col">Size</th>
            <th scope="col">Visibility</th>
            <th scope="col">Downloads</th>
            <th scope="col">Uploaded</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {files.map((file) => (
            <tr key={file._id}>
              <td className="max-w-64">
                <div className="flex items-center gap-2">
                  <FileIcon mimetype={file.mimetype} />
                  <span className="truncate font-medium" title={file.filename}>
                    {file.filename}
                  </span>
                </div>
              </td>
              <td>
                <span className="badge badge-ghost badge-sm">{fileTypeLabel(file.mimetype)}</span>
              </td>
              <td className="whitespace-nowrap">{formatSize(file.size)}</td>
              <td>
                <VisibilityBadge isPublic={file.isPublic} />
              </td>
              <td>{file.downloadCount}</td>
              <td className="whitespace-nowrap">{formatDate(file.createdAt)}</td>
              <td>
                <MyFileActions file={file} onEdit={onEdit} onDelete={onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Preview, Edit, Delete: named after the file so a screen reader can tell the rows apart. */
export function MyFileActions({
  file,
  onEdit,
  onDelete,
}: { file: StoredFile } & Omit<MyFilesTableProps, 'files'>) {
  return (
    <div className="flex gap-1">
      <Link
        to={`/dashboard/file/${file._id}`}
        className="btn btn-xs btn-ghost"
        aria-label={`Preview ${file.filename}`}
      >
        Preview
      </Link>
      <button
        type="button"
        className="btn btn-xs btn-ghost"
        onClick={() => onEdit(file)}
        aria-label={`Edit ${file.filename}`}
      >
        Edit
      </button>
      <button
        type="button"
        className="btn btn-xs btn-error"
        onClick={() => onDelete(file)}
        aria-label={`Delete ${file.filename}`}
      >
        Delete
      </button>
    </div>
  );
}
