import type { ItemAccess } from '@cloudstash/contract';

/** What the person on a folder screen may do there, from their access to the folder. */
export interface FolderRights {
  /** Their own folder: sharing and publishing are theirs alone. */
  own: boolean;
  /** Upload, make folders, rename, move and delete inside: the owner and a share's editors. */
  write: boolean;
  /** Open the Share dialog: the owner only. */
  share: boolean;
}

/** Rights from the folder's access; none while it is unknown, so no write button shows and then vanishes. */
export function folderRights(access: ItemAccess | undefined): FolderRights {
  const own = access === 'owner';
  return { own, write: own || access === 'editor', share: own };
}

export const OWNER_RIGHTS: FolderRights = folderRights('owner');
