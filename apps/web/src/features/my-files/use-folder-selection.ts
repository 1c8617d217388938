import { useState } from 'react';
import type { StoredFile } from '@cloudstash/contract';
import type { Folder, Selection } from '../../api/folders';
import {
  EMPTY_SELECTION,
  clickEntry,
  entryKey,
  keepShown,
  selectionIds,
  toggleAll,
  type Entry,
} from '../../lib/selection';

/**
 * The checkboxes of a folder screen: its subfolders then its files, in the order shown. Rows that left the screen
 * (moved, deleted, another search) are no longer chosen.
 */
export function useFolderSelection(folders: Folder[], files: StoredFile[]) {
  const [chosenState, setSelection] = useState(EMPTY_SELECTION);
  const order: Entry[] = [
    ...folders.map((item) => ({ kind: 'folder' as const, id: item._id })),
    ...files.map((file) => ({ kind: 'file' as const, id: file._id })),
  ];
  const selection = keepShown(chosenState, order);
  const chosen = selectionIds(selection.keys);
  const isChosen = (entry: Entry) => selection.keys.has(entryKey(entry));
  return {
    order,
    count: selection.keys.size,
    allChosen: order.every(isChosen),
    chosen,
    isChosen,
    check: (entry: Entry, shift: boolean) => setSelection((now) => clickEntry(now, order, entry, shift)),
    toggleAll: () => setSelection((now) => toggleAll(now, order)),
    /** The folders shown and every one of `allFiles` (the whole folder, read to its last page), chosen. */
    selectAll: (allFiles: StoredFile[]) =>
      setSelection({
        keys: new Set([
          ...folders.map((item) => entryKey({ kind: 'folder', id: item._id })),
          ...allFiles.map((file) => entryKey({ kind: 'file', id: file._id })),
        ]),
        anchor: null,
      }),
    clear: () => setSelection(EMPTY_SELECTION),
    /** A drag carries the selection when it starts on a chosen row, else that row alone. */
    dragged: (entry: Entry): Selection =>
      isChosen(entry)
        ? chosen
        : entry.kind === 'file'
          ? { fileIds: [entry.id], folderIds: [] }
          : { fileIds: [], folderIds: [entry.id] },
  };
}

/** A zip of one folder is named after it; anything else after the folder on screen. */
export function zipName(chosen: Selection, folders: Folder[], folderName: string): string {
  if (chosen.fileIds.length === 0 && chosen.folderIds.length === 1) {
    return folders.find((item) => item._id === chosen.folderIds[0])?.name ?? folderName;
  }
  return folderName;
}
