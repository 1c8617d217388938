import type { StoredFile } from '@cloudstash/contract';

/** What the screens say of a file's uploader. */
export interface UploaderShown {
  /** Who put the file here. */
  name: string;
  /** The file's owner, when that is someone else (a colleague's upload into a shared folder is the owner's). */
  owner?: string;
  /** The app or device it came through (an access token's name), or an upload link. */
  through?: string;
}

/** Uploaded By as the screens show it: who put the file here, with its owner beside where the two differ. */
export function uploaderShown(file: Pick<StoredFile, 'uploadedBy' | 'uploader'>): UploaderShown {
  const owner = file.uploadedBy?.name ?? 'Unknown User';
  const { uploader } = file;
  if (!uploader) return { name: owner };
  const through =
    uploader.via === 'link' ? 'an upload link' : uploader.via === 'client' ? uploader.client : undefined;
  return {
    name: uploader.name,
    ...(uploader._id !== file.uploadedBy?._id && { owner }),
    ...(through && { through }),
  };
}
