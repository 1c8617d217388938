import { describe, expect, it } from 'vitest';
import { foldersOfPath, pickedFromDrop } from './dropped-files';

/** A directory entry as Chromium hands one over: its children come back in reads of at most `perRead`. */
function directory(name: string, children: FileSystemEntry[], perRead = 2): FileSystemEntry {
  return {
    name,
    isFile: false,
    isDirectory: true,
    createReader: () => {
      let at = 0;
      return {
        readEntries: (done: (entries: FileSystemEntry[]) => void) => {
          done(children.slice(at, at + perRead));
          at += perRead;
        },
      };
    },
  } as unknown as FileSystemEntry;
}
const file = (name: string): FileSystemEntry =>
  ({
    name,
    isFile: true,
    isDirectory: false,
    file: (done: (file: File) => void) => done(new File(['x'], name)),
  }) as unknown as FileSystemEntry;

const dropOf = (entries: FileSystemEntry[]) =>
  ({
    items: entries.map((entry) => ({ kind: 'file', webkitGetAsEntry: () => entry })),
    files: [],
  }) as unknown as DataTransfer;

describe('dropped files', () => {
  it('walks a dropped folder to every file, past the first read of each directory, empty folders included', async () => {
    const tree = directory('Trip', [
      directory('Day 1', [file('a.txt'), file('b.txt'), file('c.txt')]),
      directory('Empty', []),
      file('top.txt'),
    ]);
    const picked = await pickedFromDrop(dropOf([tree, file('loose.txt')]));
    expect(picked.map(({ file: f, folders }) => [folders.join('/'), f?.name ?? null])).toEqual([
      ['Trip/Day 1', 'a.txt'],
      ['Trip/Day 1', 'b.txt'],
      ['Trip/Day 1', 'c.txt'],
      ['Trip/Empty', null],
      ['Trip', 'top.txt'],
      ['', 'loose.txt'],
    ]);
  });

  it('reads the folders of a picked file from its relative path', () => {
    expect(foldersOfPath('Trip/Day 1/a.txt')).toEqual(['Trip', 'Day 1']);
    expect(foldersOfPath('')).toEqual([]);
  });
});
