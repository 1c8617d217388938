import { useSearchParams } from 'react-router';
import { folderOfParams } from '../my-files-url';
import { FolderScreen } from './FolderScreen';
import type { FolderLinkDialog } from './folder-link-dialogs';

/**
 * /dashboard/my-files: the caller's files as a drive. `?folder={id}` is the folder on screen (none = the top),
 * so Back, a reload and a bookmark come back to it; each folder is its own screen state (its sort, search and
 * selection start afresh from the address). `linkDialogs` are the folder dialogs other features add (the router
 * hands them over).
 */
export default function MyFilesPage({ linkDialogs }: { linkDialogs?: readonly FolderLinkDialog[] }) {
  const [params] = useSearchParams();
  const folderId = folderOfParams(params);
  return <FolderScreen key={folderId ?? 'top'} place="mine" folderId={folderId} linkDialogs={linkDialogs} />;
}
