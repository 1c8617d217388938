import { lazy, Suspense, useEffect, useState } from 'react';
import { previewKind } from '@cloudstash/contract';
import { LoadingState } from '../../../components/States';

// pdf.js is large: only a PDF preview loads it.
const PdfViewer = lazy(() => import('../../../components/PdfViewer'));

interface VisitorPreviewProps {
  url: string;
  filename: string;
  mimetype: string;
}

/** The preview page's previews, fed by the link: image, video (seekable, the server answers ranges), PDF, text. */
export function VisitorPreview({ url, filename, mimetype }: VisitorPreviewProps) {
  switch (previewKind(mimetype)) {
    case 'image':
      return (
        <img
          src={url}
          alt={filename}
          className="mx-auto max-h-[70vh] w-auto max-w-full rounded-box object-contain"
        />
      );
    case 'video':
      return (
        <video
          src={url}
          controls
          preload="metadata"
          className="max-h-[70vh] w-full rounded-box bg-black"
          aria-label={filename}
        >
          Your browser cannot play this video.
        </video>
      );
    case 'pdf':
      // Drawn by pdf.js, never by the browser's own viewer, which would run the document's scripts.
      return (
        <Suspense fallback={<LoadingState label="Loading PDF" />}>
          <PdfViewer
            key={url}
            url={url}
            filename={filename}
            fallback={
              <a href={`${url}?download=1`} className="btn btn-primary">
                Download PDF
              </a>
            }
          />
        </Suspense>
      );
    case 'text':
      return <TextPreview url={url} filename={filename} />;
    default:
      return (
        <p className="py-12 text-center text-base-content/80">
          This file cannot be previewed. Download it to open it on your device.
        </p>
      );
  }
}

/** Text is read as data and shown as text, never rendered as a page. */
function TextPreview({ url, filename }: { url: string; filename: string }) {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch(url, { signal: controller.signal, credentials: 'same-origin' })
      .then((response) =>
        response.ok ? response.text() : Promise.reject(new Error(String(response.status))),
      )
      .then(setText)
      .catch(() => setText(null));
    return () => controller.abort();
  }, [url]);
  if (text === null) return <p className="py-12 text-center text-base-content/80">Loading {filename}…</p>;
  return (
    <pre
      tabIndex={0}
      aria-label={`Text of ${filename}`}
      className="max-h-[70vh] overflow-auto rounded-box bg-base-200 p-4 text-sm whitespace-pre-wrap break-words"
    >
      {text}
    </pre>
  );
}
