import { useParams } from 'react-router';
import { FolderScreen } from './FolderScreen';

/**
 * /dashboard/shared-with-me/{folderId}: a folder someone shared with the caller (or one inside it), walked like
 * My Files from the shared folder down. Its subfolders have addresses of the same kind, so Back, a reload and a
 * bookmark come back to them.
 */
export default function SharedFolderPage() {
  const { folderId = '' } = useParams();
  return <FolderScreen key={folderId} place="shared" folderId={folderId} />;
}
