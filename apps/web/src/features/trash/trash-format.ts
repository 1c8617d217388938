import type { TrashItem } from '@cloudstash/contract';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long until the background maintenance deletes an item forever, in the days a person would say: to the
 * nearest day, so an item deleted a moment ago with 30 days' retention has 30 days left, not 29. Under a day is
 * said as such, never rounded up to "1 day".
 */
export function daysLeftText(purgeAt: string, now = Date.now()): string {
  const left = Date.parse(purgeAt) - now;
  if (!(left >= DAY_MS)) return 'less than a day left';
  const days = Math.round(left / DAY_MS);
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
