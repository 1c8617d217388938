import { useState, type ComponentType } from 'react';
import type { ShareTarget } from '../../../api/shares';
import type { FolderAction } from './FolderTiles';

/**
 * A dialog another feature adds to a folder's actions (its share links, its upload links). Features never import
 * each other: the router hands these to My Files, which offers them to whoever may share the folder.
 */
export interface FolderLinkDialog {
  /** Its entry in a folder's menu, and its button for the folder on screen ('Upload link…'). */
  label: string;
  /** Open while `folder` is set; it stays mounted while closed, so closing it hands focus back. */
  Dialog: ComponentType<{ folder: ShareTarget | null; onClose: () => void }>;
  /** A line on the folder on screen saying what came of its links (nothing when there is nothing to say). */
  Activity?: ComponentType<{ folderId: string; onOpen: () => void }>;
}

/** Which of the link dialogs is open and for which folder: the actions that open them, and the dialogs. */
export function useFolderLinkDialogs(dialogs: readonly FolderLinkDialog[]) {
  const [open, setOpen] = useState<{ label: string; folder: ShareTarget } | null>(null);
  const actionsFor = (folder: { _id: string; name: string }): FolderAction[] =>
    dialogs.map(({ label }) => [
      label,
      () => setOpen({ label, folder: { kind: 'folder', id: folder._id, name: folder.name } }),
    ]);
  const rendered = dialogs.map(({ label, Dialog }) => (
    <Dialog key={label} folder={open?.label === label ? open.folder : null} onClose={() => setOpen(null)} />
  ));
  const activityOf = (folder: { _id: string; name: string }) =>
    dialogs.map(({ label, Activity }) =>
      Activity ? (
        <Activity
          key={label}
          folderId={folder._id}
          onOpen={() => setOpen({ label, folder: { kind: 'folder', id: folder._id, name: folder.name } })}
        />
      ) : null,
    );
  return { actionsFor, rendered, activityOf };
}
