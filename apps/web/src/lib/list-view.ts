import { useState } from 'react';
import { safeStorage } from './browser-storage';

/** How a file list is laid out: rows of a table (cards on phones), or a grid of thumbnail cards. */
export type ListView = 'table' | 'grid';

export const LIST_VIEW_STORAGE_KEY = 'cloudstash-file-view';

const isListView = (value: unknown): value is ListView => value === 'table' || value === 'grid';

/** The saved layout, or the table when none is saved, storage is blocked, or the value is unknown. */
export function readStoredListView(storage: Pick<Storage, 'getItem'> | undefined = safeStorage()): ListView {
  try {
    const value = storage?.getItem(LIST_VIEW_STORAGE_KEY);
    return isListView(value) ? value : 'table';
  } catch {
    return 'table';
  }
}

/** Remembers the layout in this browser, for every file list and across reloads. */
export function persistListView(
  view: ListView,
  storage: Pick<Storage, 'setItem'> | undefined = safeStorage(),
): void {
  try {
    storage?.setItem(LIST_VIEW_STORAGE_KEY, view);
  } catch {
    // Storage full or blocked: the layout still applies for this visit.
  }
}

/** The file lists' layout, read once per screen and saved on every change. */
export function useListView(): [ListView, (view: ListView) => void] {
  const [view, setView] = useState(readStoredListView);
  const choose = (next: ListView) => {
    setView(next);
    persistListView(next);
  };
  return [view, choose];
}
