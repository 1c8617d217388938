import { Link } from 'react-router';
import { MESSAGES } from '@cloudstash/contract';
import { EmptyState } from '../../../components/States';

interface FolderEmptyProps {
  searching: boolean;
  /** My Files' top, where nothing has been uploaded yet. */
  top: boolean;
  /** Whether the person may upload here (a viewer of a shared folder may not). */
  canUpload: boolean;
}

/** What an empty list says: nothing matches the search, nothing uploaded yet, or an empty folder. */
export function FolderEmpty({ searching, top, canUpload }: FolderEmptyProps) {
  if (searching) return <EmptyState message="No files match your search" />;
  if (top) {
    return (
      <EmptyState message={MESSAGES.noFilesUploaded}>
        <Link to="/dashboard/upload-file" className="btn btn-primary">
          Upload File
        </Link>
      </EmptyState>
    );
  }
  return (
    <EmptyState message="This folder is empty">
      {canUpload && (
        <p className="text-sm text-base-content/80">Drop files or folders here, or use Upload files.</p>
      )}
    </EmptyState>
  );
}
