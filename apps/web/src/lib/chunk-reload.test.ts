import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../test-support';
import { isChunkLoadError, reloadOnceForChunkError } from './chunk-reload';

const chunkError = new TypeError(
  'Failed to fetch dynamically imported module: http://127.0.0.1/assets/MyFilesPage-abc123.js',
);

describe('a screen whose code cannot be fetched', () => {
  it('is told apart from other failures', () => {
    expect(isChunkLoadError(chunkError)).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('nope')).toBe(false);
  });

  it('reloads the page once, and not again when the reload did not help', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnceForChunkError(chunkError, { storage, now: 1_000_000, reload, online: true })).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
    expect(reloadOnceForChunkError(chunkError, { storage, now: 1_005_000, reload, online: true })).toBe(
      false,
    );
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reloads again for a later redeploy', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    reloadOnceForChunkError(chunkError, { storage, now: 1_000_000, reload, online: true });
    expect(
      reloadOnceForChunkError(chunkError, { storage, now: 1_000_000 + 3_600_000, reload, online: true }),
    ).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload while the browser is offline', () => {
    const reload = vi.fn();
    expect(reloadOnceForChunkError(chunkError, { storage: memoryStorage(), reload, online: false })).toBe(
      false,
    );
    expect(reload).not.toHaveBeenCalled();
  });

  it('never reloads for an ordinary error', () => {
    const reload = vi.fn();
    expect(reloadOnceForChunkError(new Error('boom'), { storage: memoryStorage(), reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
