/**
 * A screen's code is fetched when it is first opened. After a redeploy the old build's files are gone, so an
 * open tab cannot fetch them: one reload brings the new build. The reload is remembered in sessionStorage so a
 * file that is really missing shows the error screen instead of reloading forever.
 */
const RELOADED_AT_KEY = 'cloudstash-chunk-reload-at';
/** A second failure within this long of the automatic reload is not cured by reloading again. */
const RELOAD_GUARD_MS = 60_000;

/** The messages browsers give when a dynamically imported module (or its CSS) cannot be fetched. */
const CHUNK_FAILURE =
  /dynamically imported module|importing a module script failed|module script|unable to preload css|chunkloaderror/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'ChunkLoadError' || CHUNK_FAILURE.test(error.message));
}

function sessionStore(): Pick<Storage, 'getItem' | 'setItem'> | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Reloads the page once for a chunk that failed to load and says so (true); false when a reload was already
 * tried a moment ago (or cannot be remembered), so the caller shows its error screen instead.
 */
export function reloadOnceForChunkError(
  error: unknown,
  {
    storage = sessionStore(),
    now = Date.now(),
    reload = () => window.location.reload(),
    online = navigator.onLine,
  }: {
    storage?: Pick<Storage, 'getItem' | 'setItem'>;
    now?: number;
    reload?: () => void;
    online?: boolean;
  } = {},
): boolean {
  // Offline, a reload would only show the browser's own error page; the caller waits for the connection.
  if (!isChunkLoadError(error) || !storage || !online) return false;
  const last = Number(storage.getItem(RELOADED_AT_KEY) ?? 0);
  if (now - last < RELOAD_GUARD_MS) return false;
  try {
    storage.setItem(RELOADED_AT_KEY, String(now));
  } catch {
    return false;
  }
  reload();
  return true;
}
