import { lazy, Suspense, type ReactNode } from 'react';
import { previewKind, type StoredFile } from '@cloudstash/contract';
import { DownloadButton } from '../../../components/DownloadButton';
import { LoadingState } from '../../../components/States';

// pdf.js is large: only a PDF preview loads it.
const PdfViewer = lazy(() => import('../../../components/PdfViewer'));

/**
 * Images inline, videos with controls, PDFs drawn by pdf.js in a framed panel (never the browser's own PDF
 * viewer, which would run the document's scripts), text and other types as a message.
 */
export function FilePreview({ file }: { file: StoredFile }) {
  switch (previewKind(file.mimetype)) {
    case 'image':
      return (
        <img
          src={file.url}
          alt={file.filename}
          className="mx-auto max-h-[70vh] w-auto max-w-full rounded-box object-contain"
        />
      );
    case 'video':
      return (
        <video
          src={file.url}
          controls
          preload="metadata"
          className="max-h-[70vh] w-full rounded-box bg-black"
          aria-label={file.filename}
        >
          Your browser cannot play this video.
        </video>
      );
    case 'pdf':
      return (
        <Suspense fallback={<LoadingState label="Loading PDF" />}>
          <PdfViewer
            key={file.url}
            url={file.url}
            filename={file.filename}
            fallback={<DownloadButton file={file} label="Download PDF" className="btn btn-primary" />}
          />
        </Suspense>
      );
    case 'text':
      return (
        <Message title="This text file cannot be previewed directly.">
          <DownloadButton file={file} label="Download to View" className="btn btn-primary" />
        </Message>
      );
    default:
      return (
        <Message title="File Preview Not Available" text="Download the file to open it on your device." />
      );
  }
}

function Message({ title, text, children }: { title: string; text?: string; children?: ReactNode }) {
  return (
    <div className="flex min-h-64 flex-col items-center justify-center gap-4 text-center">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-16 text-base-content/40"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.4"
      >
        <path d="M7 3h7l5 5v13H7zM14 3v5h5" strokeLinejoin="round" />
      </svg>
      <p className="text-lg font-medium">{title}</p>
      {text && <p className="text-base-content/70">{text}</p>}
      {children}
    </div>
  );
}
