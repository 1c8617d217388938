import { describe, expect, it } from 'vitest';
import type { TrashItem } from '@cloudstash/contract';
import { daysLeftText, folderContents, originalLocation } from './trash-format';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const later = (ms: number) => new Date(NOW + ms).toISOString();
const DAY = 24 * 60 * 60 * 1000;

describe('days left in Trash', () => {
  it('counts days to the nearest, as a person reads them (deleted just now with 30 days: 30 days left)', () => {
    expect(daysLeftText(later(30 * DAY - 5_000), NOW)).toBe('30 days left');
    expect(daysLeftText(later(2 * DAY), NOW)).toBe('2 days left');
    expect(daysLeftText(later(DAY + DAY / 3), NOW)).toBe('1 day left');
    expect(daysLeftText(later(2 * DAY - DAY / 3), NOW)).toBe('2 days left');
    expect(daysLeftText(later(DAY + 1), NOW)).toBe('1 day left');
  });
  it('says less than a day under 24 hours, and when the purge is overdue or the date unreadable', () => {
    expect(daysLeftText(later(DAY - 1), NOW)).toBe('less than a day left');
    expect(daysLeftText(later(-DAY), NOW)).toBe('less than a day left');
    expect(daysLeftText('not a date', NOW)).toBe('less than a day left');
  });
});

describe('where an item was', () => {
  it('names the top My Files and each folder below it', () => {
    expect(originalLocation('/')).toBe('My Files');
    expect(originalLocation('/Photos/2024')).toBe('My Files / Photos / 2024');
  });
});

describe('a folder’s contents', () => {
  const item = (kind: TrashItem['kind'], files: number): TrashItem => ({
    _id: 'x',
    kind,
    name: 'x',
    path: '/',
    size: 1,
    files,
    deletedAt: later(0),
    purgeAt: later(DAY),
  });
  it('counts its files; a file says nothing', () => {
    expect(folderContents(item('folder', 1))).toBe('1 file');
    expect(folderContents(item('folder', 12))).toBe('12 files');
    expect(folderContents(item('file', 1))).toBeNull();
  });
});
