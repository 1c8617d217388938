import type { ReactNode } from 'react';
import type { StoredFile } from '@cloudstash/contract';

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

/** What each row offers at its end (Download by default; My Files: Preview, Edit, Delete). */
export type FileActions = (file: StoredFile) => ReactNode;
