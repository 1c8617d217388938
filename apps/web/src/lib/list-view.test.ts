import { describe, expect, it } from 'vitest';
import { LIST_VIEW_STORAGE_KEY, persistListView, readStoredListView } from './list-view';
import { memoryStorage } from '../test-support';

describe('file list layout persistence', () => {
  it('shows the table until another layout is chosen', () => {
    expect(readStoredListView(memoryStorage())).toBe('table');
  });

  it('remembers the grid under its key', () => {
    const storage = memoryStorage();
    persistListView('grid', storage);
    expect(storage.data.get(LIST_VIEW_STORAGE_KEY)).toBe('grid');
    expect(readStoredListView(storage)).toBe('grid');
  });

  it('ignores an unknown saved value and a blocked storage', () => {
    const storage = memoryStorage();
    storage.data.set(LIST_VIEW_STORAGE_KEY, 'mosaic');
    expect(readStoredListView(storage)).toBe('table');
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readStoredListView(blocked)).toBe('table');
    expect(() => persistListView('grid', blocked)).not.toThrow();
  });
});
