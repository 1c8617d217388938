import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router';
import { reloadOnceForChunkError } from '../lib/chunk-reload';

/**
 * What the app shows when a screen cannot be loaded or drawn (instead of the router's developer page): its
 * own words and a Reload. A screen's code missing after a redeploy reloads once on its own; a lost connection
 * reloads when the browser says it is back.
 */
export function AppErrorScreen() {
  const error = useRouteError();
  const [reloading] = useState(() => reloadOnceForChunkError(error));

  useEffect(() => {
    if (reloading) return;
    console.error('Screen failed to load', error);
    const onOnline = () => window.location.reload();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [error, reloading]);

  useEffect(() => {
    document.title = 'Something went wrong · CloudStash';
  }, []);

  return (
    <main className="hero min-h-dvh bg-base-200 px-4">
      <div className="hero-content max-w-md text-center">
        <div className="flex flex-col items-center gap-4">
          <h1 className="text-3xl font-bold">Something went wrong</h1>
          <p className="text-base-content/80">
            {reloading
              ? 'CloudStash was updated. Loading the new version…'
              : 'This page could not be loaded. Check your connection, then reload the page.'}
          </p>
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Reload
          </button>
        </div>
      </div>
    </main>
  );
}
