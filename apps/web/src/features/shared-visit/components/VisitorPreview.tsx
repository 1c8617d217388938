import { lazy, Suspense, useEffect, useState } from 'react';
import { previewKind } from '@cloudstash/contract';
import { ImagePreview, VideoPreview } from '../../../components/MediaPreview';
import { LoadingState } from '../../../components/States';

// pdf.js is large: only a PDF preview loads it.
const PdfViewer = lazy(() => import('../../../components/PdfViewer'));

interface VisitorPreviewProps {
  url: string;
  filename: string;
  mimetype: string;
  /** The link's thumbnail, /api/v1/s/{token}/thumbnail, or null when the file has none. */
  thumbnailUrl: string | null;
}

/** The preview page's previews, fed by the link: image (large thumbnail first), video with poster, PDF, text. */
export function VisitorPreview({ url, filename, mimetype, thumbnailUrl }: VisitorPreviewProps) {
  switch (previewKind(mimetype)) {
    case 'image':
      return <ImagePreview src={url} thumbnailUrl={thumbnailUrl} alt={filename} />;
    case 'video':
      // Seekable: the server answers ranges.
      return <VideoPreview src={url} thumbnailUrl={thumbnailUrl} label={filename} />;
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
  // A line without a space (a long URL, a hash) wraps anywhere instead of widening the card past the screen.
  return (
    <pre
      tabIndex={0}
      aria-label={`Text of ${filename}`}
      className="max-h-[70vh] overflow-auto rounded-box bg-base-200 p-4 text-sm whitespace-pre-wrap wrap-anywhere"
    >
      {text}
    </pre>
  );
}
