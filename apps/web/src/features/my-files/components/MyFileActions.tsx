import { Link } from 'react-router';
import type { StoredFile } from '@cloudstash/contract';
import { UploadVersionButton } from '../../../components/UploadVersionButton';

interface MyFileActionsProps {
  file: StoredFile;
  onEdit: (file: StoredFile) => void;
  onDelete: (file: StoredFile) => void;
}

/** Preview, Edit, New version, Delete: named after the file so a screen reader can tell the rows apart. */
export function MyFileActions({ file, onEdit, onDelete }: MyFileActionsProps) {
  return (
    <div className="flex flex-wrap justify-end gap-1">
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
      <UploadVersionButton file={file} className="btn btn-xs btn-ghost" />
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
