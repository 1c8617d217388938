import type { FolderWithPath, ItemPermissions } from '@cloudstash/contract';
import { OwnerTotals } from '../../../components/OwnerTotals';
import { PageHeader } from '../../../components/PageHeader';
import { QuotaBar } from '../../../components/QuotaBar';
import { UploadPickers } from '../../../components/UploadPickers';
import { useMyStats } from '../../../api/my-stats';
import type { FolderPlace } from '../my-files-url';
import type { FolderAction } from './FolderTiles';

/** What a shared folder's subtitle says the person may do there. */
const ACCESS_TEXT: Record<FolderWithPath['access'], string> = {
  owner: 'This is your folder',
  editor: 'You can add, rename, move and delete files here',
  viewer: 'You can view and download',
  admin: 'You are viewing it as an administrator',
};

/**
 * My Files' top: the title, the caller's totals and quota. Inside a folder of My Files: the title alone, so the
 * folder's files begin in the first screen. A shared folder: its name, whose it is, what you may do.
 */
export function FolderHeader({
  place,
  folder,
  inFolder,
}: {
  place: FolderPlace;
  folder: FolderWithPath | undefined;
  inFolder: boolean;
}) {
  if (place === 'shared') {
    return (
      <PageHeader
        title={folder?.name ?? 'Shared folder'}
        subtitle={folder ? `Shared by ${folder.owner.name} · ${ACCESS_TEXT[folder.access]}` : undefined}
      />
    );
  }
  if (inFolder) return <PageHeader title="My Files" />;
  return <MyFilesHeader />;
}

function MyFilesHeader() {
  const { data: stats } = useMyStats();
  return (
    <>
      <PageHeader title="My Files" subtitle="Manage, preview and share the files you uploaded." />
      {/* The tiles appear only once the user has files (in My Files or in Trash). */}
      {stats && (stats.totalFiles > 0 || stats.trashBytes !== undefined) && (
        <OwnerTotals stats={stats} label="Your file statistics" />
      )}
      {stats?.quotaBytes != null && (
        <QuotaBar usedBytes={stats.totalStorageUsed} quotaBytes={stats.quotaBytes} />
      )}
    </>
  );
}

interface FolderToolbarProps {
  folderId: string | null;
  /** What the caller may do in the folder on screen (the server's answer). */
  permissions: ItemPermissions;
  onNewFolder: () => void;
  /** Shares the folder on screen (absent at My Files' top, which is no folder). */
  onShareFolder?: () => void;
  /** The link dialogs for the folder on screen (Public link…, Upload link…), for whoever may share it. */
  linkActions: FolderAction[];
}

/**
 * Upload, New folder, Share with people… and the folder's links, as far as the person may; nothing at all for a
 * viewer.
 */
export function FolderToolbar({
  folderId,
  permissions,
  onNewFolder,
  onShareFolder,
  linkActions,
}: FolderToolbarProps) {
  if (!permissions.write && !(permissions.share && onShareFolder) && linkActions.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {permissions.write && (
        <>
          <UploadPickers folderId={folderId} />
          <button type="button" className="btn btn-outline btn-sm" onClick={onNewFolder}>
            New folder
          </button>
        </>
      )}
      {permissions.share && onShareFolder && (
        <button type="button" className="btn btn-outline btn-sm" onClick={onShareFolder}>
          Share with people…
        </button>
      )}
      {linkActions.map(([label, open]) => (
        <button key={label} type="button" className="btn btn-outline btn-sm" onClick={open}>
          {label}
        </button>
      ))}
    </div>
  );
}
