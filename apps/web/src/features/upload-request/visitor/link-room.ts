import type { RequestVisit } from '@cloudstash/contract';
import type { LinkUploadItem } from './link-upload-queue';

export type OpenVisit = Extract<RequestVisit, { passwordRequired: false }>;

/**
 * What the link still takes once this visit's finished files are counted: null where it has no such limit.
 * The page reads the link once; counting here keeps "5 files left" true without asking again after each file.
 */
export function roomLeft(visit: OpenVisit, items: readonly LinkUploadItem[]) {
  const done = items.filter((item) => item.status === 'done');
  const bytes = done.reduce((sum, item) => sum + item.size, 0);
  const filesLeft = visit.filesLeft === null ? null : Math.max(visit.filesLeft - done.length, 0);
  const bytesLeft = visit.bytesLeft === null ? null : Math.max(visit.bytesLeft - bytes, 0);
  return { filesLeft, bytesLeft, full: filesLeft === 0 || bytesLeft === 0 };
}

/** How the list sums itself up for a screen reader and at its head: "2 of 3 sent · 1 failed". */
export function uploadSummary(items: readonly LinkUploadItem[]): string {
  const count = (status: LinkUploadItem['status']) => items.filter((item) => item.status === status).length;
  const done = count('done');
  const failed = count('failed');
  const open = count('waiting') + count('uploading');
  const parts = [`${done} of ${items.length - count('cancelled')} sent`];
  if (failed) parts.push(`${failed} failed`);
  if (!open && !failed && done) parts.push('all done');
  return parts.join(' · ');
}
