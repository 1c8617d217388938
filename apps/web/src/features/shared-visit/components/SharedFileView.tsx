import { useState } from 'react';
import { formatSize } from '@cloudstash/contract';
import { sharedContentUrl, useSharedDownload } from '../api/shared';
import type { SharedLinkFile } from '../api/link-view';
import { formatWhen } from '../../../lib/date-time';
import { LinkUnavailable } from '../../../components/visitor/VisitorFrame';
import { VisitorPreview } from './VisitorPreview';

/** A file link: the file's preview, what the visitor may know of it, and its one Download button. */
export function SharedFileView({ token, file }: { token: string; file: SharedLinkFile }) {
  const [ended, setEnded] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [downloaded, setDownloaded] = useState(0);
  const downloadShared = useSharedDownload(token);

  if (ended) return <LinkUnavailable />;

  const onDownload = async () => {
    setDownloading(true);
    setFailed(false);
    const result = await downloadShared(file.downloadName);
    setDownloading(false);
    if (result === 'unavailable') setEnded(true);
    else if (result === 'failed') setFailed(true);
    else setDownloaded((n) => n + 1);
  };
  const left = file.downloadsLeft === null ? null : Math.max(file.downloadsLeft - downloaded, 0);

  return (
    <div className="flex w-full max-w-5xl flex-col gap-6">
      <h1 className="text-2xl font-bold break-words sm:text-3xl">{file.filename}</h1>
      <div className="grid gap-6 lg:grid-cols-3">
        <section
          aria-label="Preview"
          className="card border border-base-300 bg-base-100 shadow-sm lg:col-span-2 lg:self-start"
        >
          <div className="card-body">
            <VisitorPreview
              url={sharedContentUrl(token)}
              filename={file.filename}
              mimetype={file.mimetype}
              thumbnailUrl={file.thumbnailUrl}
            />
          </div>
        </section>
        <section
          aria-labelledby="shared-details"
          className="card border border-base-300 bg-base-100 shadow-sm lg:self-start"
        >
          <div className="card-body gap-3">
            <h2 id="shared-details" className="card-title">
              Shared file
            </h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-base-content/70">Shared by</dt>
              <dd className="break-words">{file.ownerName}</dd>
              <dt className="text-base-content/70">Type</dt>
              <dd className="break-all">{file.mimetype}</dd>
              <dt className="text-base-content/70">Size</dt>
              <dd>{formatSize(file.size)}</dd>
              <dt className="text-base-content/70">Link expires</dt>
              <dd>{formatWhen(file.expiresAt, 'Never')}</dd>
              {left !== null && (
                <>
                  <dt className="text-base-content/70">Downloads left</dt>
                  <dd className="tabular-nums">{left}</dd>
                </>
              )}
            </dl>
            <button
              type="button"
              className="btn btn-primary w-full"
              onClick={() => void onDownload()}
              disabled={downloading}
            >
              {downloading && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              Download
            </button>
            {failed && (
              <p role="alert" className="text-sm text-error">
                The download failed. Please try again.
              </p>
            )}
          </div>
        </section>
      </div>
    </div>
  );
}
