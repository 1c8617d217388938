import { Link } from 'react-router';
import type { StoredFile } from '@cloudstash/contract';
import { DownloadButton } from '../../../components/DownloadButton';
import { UploadVersionButton } from '../../../components/UploadVersionButton';

interface MyFileActionsProps {
  file: StoredFile;
  onEdit: (file: StoredFile) => void;
  onDelete: (file: StoredFile) => void;
  onShare: (file: StoredFile) => void;
}

/**
 * A file row's actions, named after the file so a screen reader can tell the rows apart, each as far as the
 * server's answer for the file allows: Share; Edit for whoever may also publish it, else Rename; New version;
 * Delete; and Download for whoever only reads.
 */
export function MyFileActions({ file, onEdit, onDelete, onShare }: MyFileActionsProps) {
  const may = file.permissions;
  return (
    <div className="flex flex-wrap justify-end gap-1">
      <Link
        to={`/dashboard/file/${file._id}`}
        className="btn btn-xs btn-ghost"
        aria-label={`Preview ${file.filename}`}
      >
        Preview
      </Link>
      {!may.write && <DownloadButton file={file} className="btn btn-xs btn-ghost" />}
      {may.share && (
        <button
          type="button"
          className="btn btn-xs btn-ghost"
          onClick={() => onShare(file)}
          aria-label={`Share ${file.filename}`}
        >
          Share
        </button>
      )}
      {may.write && (
        <button
          type="button"
          className="btn btn-xs btn-ghost"
          onClick={() => onEdit(file)}
          aria-label={`${may.moderate ? 'Edit' : 'Rename'} ${file.filename}`}
        >
          {may.moderate ? 'Edit' : 'Rename'}
        </button>
      )}
      {may.write && <UploadVersionButton file={file} className="btn btn-xs btn-ghost" />}
      {may.delete && (
        <button
          type="button"
          className="btn btn-xs btn-error"
          onClick={() => onDelete(file)}
          aria-label={`Delete ${file.filename}`}
        >
          Delete
        </button>
      )}
    </div>
  );
}
