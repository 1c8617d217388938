import { lazy, Suspense, type ReactNode } from 'react';
import { previewKind, type StoredFile } from '@cloudstash/contract';
import { DownloadButton } from '../../../components/DownloadButton';
import { ImagePreview, VideoPreview } from '../../../components/MediaPreview';
import { LoadingState } from '../../../components/States';

// pdf.js is large: only a PDF preview loads it.
const PdfViewer = lazy(() => import('../../../components/PdfViewer'));

/**
 * Images inline (the large thumbnail first, the original on demand), videos with controls and their poster, PDFs drawn by pdf.js in a framed panel (never the browser's own PDF
 * viewer, which would run the document's scripts), text and other types as a message.
 */
export function FilePreview({ file }: { file: StoredFile }) {
  switch (previewKind(file.mimetype)) {
    case 'image':
      return <ImagePreview src={file.url} thumbnailUrl={file.thumbnailUrl} alt={file.filename} />;
    case 'video':
      return <VideoPreview src={file.url} thumbnailUrl={file.thumbnailUrl} label={file.filename} />;
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
