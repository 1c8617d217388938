import { useState } from 'react';
import type { ZipBody } from '@cloudstash/contract';

type Kind = 'file' | 'folder';

/** What the visitor has ticked in the folder on screen, as the zip request names it. */
export interface LinkSelection {
  count: number;
  allChosen: boolean;
  isChosen: (kind: Kind, id: string) => boolean;
  toggle: (kind: Kind, id: string) => void;
  toggleAll: () => void;
  /** The ticked items as a zip body. */
  body: () => Required<ZipBody>;
}

const toggled = (set: ReadonlySet<string>, id: string) => {
  const next = new Set(set);
  if (!next.delete(id)) next.add(id);
  return next;
};

/**
 * Ticks among the folder's subfolders and the files loaded so far. Folders and files are kept apart: the zip
 * request names them apart, and nothing promises their ids never meet.
 */
export function useLinkSelection(folderIds: string[], fileIds: string[]): LinkSelection {
  const [folders, setFolders] = useState<ReadonlySet<string>>(new Set());
  const [files, setFiles] = useState<ReadonlySet<string>>(new Set());
  const count = folders.size + files.size;
  // Files that a Load more brought in after Select all are not ticked: the box shows mixed, not all.
  const allChosen = count > 0 && count === folderIds.length + fileIds.length;
  return {
    count,
    allChosen,
    isChosen: (kind, id) => (kind === 'folder' ? folders : files).has(id),
    toggle: (kind, id) => (kind === 'folder' ? setFolders : setFiles)((set) => toggled(set, id)),
    toggleAll: () => {
      setFolders(new Set(allChosen ? [] : folderIds));
      setFiles(new Set(allChosen ? [] : fileIds));
    },
    body: () => ({ fileIds: [...files], folderIds: [...folders] }),
  };
}
