import type { ReactNode } from 'react';
import type { StoredFile } from '@cloudstash/contract';
import { DownloadButton } from '../../../components/DownloadButton';
import { shareLink } from '../../../lib/share';

/** Download and Share Link, then whatever other features add for this file (`children`). */
export function ActionsCard({ file, children }: { file: StoredFile; children?: ReactNode }) {
  return (
    <section aria-labelledby="file-actions" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <h2 id="file-actions" className="card-title">
          Actions
        </h2>
        <DownloadButton file={file} label="Download File" className="btn btn-primary w-full" />
        <button
          type="button"
          className="btn btn-outline w-full"
          // The page's own address: it opens the same preview for anyone allowed to see the file.
          onClick={() => void shareLink(file.filename, window.location.href)}
        >
          Share Link
        </button>
        {/* A page address opens only for those who may see the file: a public link is another button. */}
        <p className="-mt-1 text-xs text-base-content/70">
          Copies this page’s address, for people who can already open this file.
        </p>
        {children}
      </div>
    </section>
  );
}
