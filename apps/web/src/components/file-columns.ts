import type { DragEvent, ReactNode } from 'react';
import type { SortField, StoredFile } from '@cloudstash/contract';

/** The columns a file list can show; each screen picks its set and order. */
export type FileColumn = 'file' | 'uploader' | 'type' | 'visibility' | 'size' | 'downloads' | 'uploaded';

/** Public Files. */
export const PUBLIC_COLUMNS: readonly FileColumn[] = [
  'file',
  'uploader',
  'type',
  'size',
  'downloads',
  'uploaded',
];
/** All Files and one user's files: who uploaded it and whether it is public. */
export const ADMIN_COLUMNS: readonly FileColumn[] = [
  'file',
  'uploader',
  'type',
  'visibility',
  'size',
  'downloads',
  'uploaded',
];
/** My Files: File, Type, Size, Visibility, Downloads, Uploaded (every file is the caller's own). */
export const MY_FILES_COLUMNS: readonly FileColumn[] = [
  'file',
  'type',
  'size',
  'visibility',
  'downloads',
  'uploaded',
];

/**
 * A folder shared with the caller: every file in it is its owner's (an editor's upload too), whom the screen names
 * once; whether the owner made a file public is theirs to see.
 */
export const SHARED_FOLDER_COLUMNS: readonly FileColumn[] = ['file', 'type', 'size', 'downloads', 'uploaded'];

/** What each row offers at its end (Download by default; My Files: Preview, Edit, Delete). */
export type FileActions = (file: StoredFile) => ReactNode;

/** The server sort behind each sortable column (Type and Visibility have none). */
export const COLUMN_SORT: Partial<Record<FileColumn, SortField>> = {
  file: 'filename',
  uploader: 'uploader',
  size: 'size',
  downloads: 'downloadCount',
  uploaded: 'createdAt',
};

/** The sorts a list offers: those of its columns, so the phone's sort control matches the table's headers. */
export function sortFieldsOf(columns: readonly FileColumn[]): SortField[] {
  return columns.flatMap((column) => COLUMN_SORT[column] ?? []);
}

/**
 * What a list whose rows can be chosen and moved adds to each row (My Files): a control before the name (the
 * row's checkbox) and the start of a drag.
 */
export interface RowExtras {
  leading: (file: StoredFile) => ReactNode;
  /** Where the file lies, shown under its name (a search across folders says so of each hit). */
  location?: (file: StoredFile) => ReactNode;
  onDragStart?: (file: StoredFile, event: DragEvent) => void;
}

/** The attributes that make a row draggable, when the list's rows can be dragged. */
export const dragProps = (file: StoredFile, extras?: RowExtras) =>
  extras?.onDragStart
    ? { draggable: true, onDragStart: (event: DragEvent) => extras.onDragStart?.(file, event) }
    : {};
