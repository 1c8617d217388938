import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { LINK_MESSAGES, formatSize } from '@cloudstash/contract';
import { LoadingState } from '../../../components/States';
import { sharedContentUrl, useSharedDownload, useSharedFile } from '../api/shared';
import { UnlockForm } from './UnlockForm';
import { VisitorPreview } from './VisitorPreview';
import { useRouteTitle } from '../../../app/route-announce';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The visitor's own frame: no account, no navigation drawer, nothing that asks who is signed in. */
function VisitorFrame({ children }: { children: ReactNode }) {
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

function Unavailable() {
  return (
    <div className="card w-full max-w-md border border-base-300 bg-base-100 text-center shadow-sm">
      <div className="card-body items-center gap-3">
        <h1 className="text-2xl font-bold">{LINK_MESSAGES.linkUnavailable}</h1>
        <p className="text-base-content/80">Ask the person who shared it for a new link.</p>
      </div>
    </div>
  );
}

/** /s/{token}: a shared file for someone without an account. */
export default function SharedVisitPage() {
  useRouteTitle();
  const { token = '' } = useParams();
  const { data, isPending, isError } = useSharedFile(token);
  const [ended, setEnded] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [downloaded, setDownloaded] = useState(0);
  const downloadShared = useSharedDownload(token);

  if (isPending) {
    return (
      <VisitorFrame>
        <LoadingState label="Opening link" />
      </VisitorFrame>
    );
  }
  if (isError) {
    return (
      <VisitorFrame>
        <div role="alert" className="alert alert-error alert-soft">
          Could not open this link. Please try again.
        </div>
      </VisitorFrame>
    );
  }
  if (!data || ended) {
    return (
      <VisitorFrame>
        <Unavailable />
      </VisitorFrame>
    );
  }
  if (data.passwordRequired) {
    return (
      <VisitorFrame>
        <UnlockForm token={token} />
      </VisitorFrame>
    );
  }

  const onDownload = async () => {
    setDownloading(true);
    setFailed(false);
    const result = await downloadShared(data.downloadName);
    setDownloading(false);
    if (result === 'unavailable') setEnded(true);
    else if (result === 'failed') setFailed(true);
    else setDownloaded((n) => n + 1);
  };
  const left = data.downloadsLeft === null ? null : Math.max(data.downloadsLeft - downloaded, 0);

  return (
    <VisitorFrame>
      <div className="flex w-full max-w-5xl flex-col gap-6">
        <h1 className="text-2xl font-bold break-words sm:text-3xl">{data.filename}</h1>
        <div className="grid gap-6 lg:grid-cols-3">
          <section
            aria-label="Preview"
            className="card border border-base-300 bg-base-100 shadow-sm lg:col-span-2 lg:self-start"
          >
            <div className="card-body">
              <VisitorPreview
                url={sharedContentUrl(token)}
                filename={data.filename}
                mimetype={data.mimetype}
                thumbnailUrl={data.thumbnailUrl}
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
                <dd className="break-words">{data.ownerName}</dd>
                <dt className="text-base-content/70">Type</dt>
                <dd className="break-all">{data.mimetype}</dd>
                <dt className="text-base-content/70">Size</dt>
                <dd>{formatSize(data.size)}</dd>
                <dt className="text-base-content/70">Link expires</dt>
                <dd>{data.expiresAt ? dateTime.format(new Date(data.expiresAt)) : 'Never'}</dd>
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
    </VisitorFrame>
  );
}
