import { describe, expect, it } from 'vitest';
import {
  EMPTY_SELECTION,
  clickEntry,
  entryKey,
  keepShown,
  rowAfterRemoval,
  selectionIds,
  toggleAll,
  type Entry,
} from './selection';

const rows: Entry[] = [
  { kind: 'folder', id: 'a' },
  { kind: 'folder', id: 'b' },
  { kind: 'file', id: 'c' },
  { kind: 'file', id: 'd' },
  { kind: 'file', id: 'e' },
];
const chosen = (state: { keys: ReadonlySet<string> }) => [...state.keys].sort();

describe('selection', () => {
  it('a click flips one row, a shift-click chooses the range from the last click', () => {
    let state = clickEntry(EMPTY_SELECTION, rows, rows[1]!, false);
    expect(chosen(state)).toEqual(['folder:b']);
    state = clickEntry(state, rows, rows[3]!, true);
    expect(chosen(state)).toEqual(['file:c', 'file:d', 'folder:b']);
    // Shift-clicking a chosen row upwards clears the range back to it.
    state = clickEntry(state, rows, rows[2]!, true);
    expect(chosen(state)).toEqual(['folder:b']);
  });

  it('a shift-click with no earlier click chooses that row alone', () => {
    expect(chosen(clickEntry(EMPTY_SELECTION, rows, rows[4]!, true))).toEqual(['file:e']);
  });

  it('select all chooses every row, and again none', () => {
    const all = toggleAll(EMPTY_SELECTION, rows);
    expect(all.keys.size).toBe(5);
    expect(toggleAll(all, rows).keys.size).toBe(0);
  });

  it('rows no longer shown leave the selection', () => {
    const all = toggleAll(EMPTY_SELECTION, rows);
    expect(chosen(keepShown(all, rows.slice(3)))).toEqual(['file:d', 'file:e']);
  });

  it('splits the keys into the ids the bulk endpoints take', () => {
    expect(selectionIds(['folder:a', 'file:c', 'file:d'])).toEqual({ fileIds: ['c', 'd'], folderIds: ['a'] });
  });
});

describe('focus after rows leave', () => {
  const removing = (...keys: string[]) => new Set(keys);
  it('goes to the next kept row after the last removed one', () => {
    expect(rowAfterRemoval(rows, removing('folder:b', 'file:d'))).toEqual(rows[4]);
  });
  it('goes back to the kept row before them when the removed rows end the list', () => {
    expect(rowAfterRemoval(rows, removing('file:d', 'file:e'))).toEqual(rows[2]);
  });
  it('finds none when every row is removed, or none was', () => {
    expect(rowAfterRemoval(rows, new Set(rows.map(entryKey)))).toBeNull();
    expect(rowAfterRemoval(rows, removing())).toBeNull();
  });
});
