import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import type { StoredFile } from '@cloudstash/contract';
import { DownloadButton } from '../../../components/DownloadButton';

/** Share Link uses the device's share sheet when there is one, otherwise copies the page address. */
async function shareLink(title: string) {
  const url = window.location.href;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
    } catch {
      // The user closed the share sheet: nothing to report.
    }
    return;
  }
  if (await copyText(url)) toast.success('Link copied to clipboard');
  else toast.error('Could not copy the link');
}

/** navigator.clipboard exists only in secure contexts; a self-hosted instance on plain http needs the old way. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.className = 'fixed -left-[9999px]';
    document.body.appendChild(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    return copied;
  }
}

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
          onClick={() => void shareLink(file.filename)}
        >
          Share Link
        </button>
        {children}
      </div>
    </section>
  );
}
