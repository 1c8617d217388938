import type { TrashItem } from '@cloudstash/contract';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long until the background maintenance deletes an item forever: whole days, rounded down. */
export function daysLeftText(purgeAt: string, now = Date.now()): string {
  const days = Math.floor((Date.parse(purgeAt) - now) / DAY_MS);
  if (!(days >= 1)) return 'less than a day left';
  return days === 1 ? '1 day left' : `${days} days left`;
}

/** Where an item was when it was deleted, from the top of My Files ('My Files / Photos / 2024'). */
export function originalLocation(path: string): string {
  const parts = path.split('/').filter(Boolean);
  return ['My Files', ...parts].join(' / ');
}

/** A folder's contents in words ('3 files'); nothing for a file. */
export function folderContents(item: TrashItem): string | null {
  if (item.kind !== 'folder') return null;
  return item.files === 1 ? '1 file' : `${item.files} files`;
}
