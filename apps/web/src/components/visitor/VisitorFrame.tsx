import type { ReactNode } from 'react';
import { LINK_MESSAGES } from '@cloudstash/contract';

/**
 * The frame of a page reached by a link (share link, upload link): no account, no navigation drawer, nothing
 * that asks who is signed in.
 */
export function VisitorFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-base-200">
      <header className="navbar border-b border-base-300 bg-base-100 px-4">
        <span className="text-xl font-bold">CloudStash</span>
      </header>
      <main id="main" className="flex flex-1 flex-col items-center gap-6 px-4 py-8">
        {children}
      </main>
    </div>
  );
}

/** A link that ended (expired, used up, revoked or closed), or one that never existed: all look the same. */
export function LinkUnavailable() {
  return (
    <div className="card w-full max-w-md border border-base-300 bg-base-100 text-center shadow-sm">
      <div className="card-body items-center gap-3">
        <h1 className="text-2xl font-bold">{LINK_MESSAGES.linkUnavailable}</h1>
        <p className="text-base-content/80">Ask the person who shared it for a new link.</p>
      </div>
    </div>
  );
}
