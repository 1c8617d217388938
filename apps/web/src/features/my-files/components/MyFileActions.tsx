import { Link } from 'react-router';
import type { StoredFile } from '@cloudstash/contract';
import { DownloadButton } from '../../../components/DownloadButton';
import { UploadVersionButton } from '../../../components/UploadVersionButton';
import type { FolderRights } from '../folder-access';

interface MyFileActionsProps {
  file: StoredFile;
  /** What the person may do in the folder the file is in. */
  rights: FolderRights;
  onEdit: (file: StoredFile) => void;
  onDelete: (file: StoredFile) => void;
  onShare: (file: StoredFile) => void;
}

/**
 * A file row's actions, named after the file so a screen reader can tell the rows apart: the owner's Preview,
 * Share, Edit, New version and Delete; an editor of a shared folder's Preview, Rename, New version and Delete
 * (publishing is the owner's); a viewer's Preview and Download.
 */
export function MyFileActions({ file, rights, onEdit, onDelete, onShare }: MyFileActionsProps) {
  return (
    <div className="flex flex-wrap justify-end gap-1">
      <Link
        to={`/dashboard/file/${file._id}`}
        className="btn btn-xs btn-ghost"
        aria-label={`Preview ${file.filename}`}
      >
        Preview
      </Link>
      {!rights.write && <DownloadButton file={file} className="btn btn-xs btn-ghost" />}
      {rights.share && (
        <button
          type="button"
          className="btn btn-xs btn-ghost"
          onClick={() => onShare(file)}
          aria-label={`Share ${file.filename}`}
        >
          Share
        </button>
      )}
      {rights.write && (
        <button
          type="button"
          className="btn btn-xs btn-ghost"
          onClick={() => onEdit(file)}
          aria-label={`${rights.own ? 'Edit' : 'Rename'} ${file.filename}`}
        >
          {rights.own ? 'Edit' : 'Rename'}
        </button>
      )}
      {rights.write && <UploadVersionButton file={file} className="btn btn-xs btn-ghost" />}
      {rights.write && (
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
