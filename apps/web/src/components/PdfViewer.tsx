import { useEffect, useRef, useState, type ReactNode } from 'react';
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
// Served from our own origin as a built asset: the page's CSP allows scripts and workers from 'self' only.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { LoadingState } from './States';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Sharper than one canvas pixel per CSS pixel on dense screens, without huge canvases on 3x phones. */
const MAX_PIXEL_RATIO = 2;

type Loaded =
  { state: 'loading' } | { state: 'ready'; doc: PDFDocumentProxy } | { state: 'error'; message: string };

/**
 * Reads the PDF's bytes with fetch() (the server gives a PDF inline only to a fetch, never to a navigation or
 * frame, so the browser's own viewer, which runs a PDF's JavaScript on our origin, never opens it) and paints
 * its pages onto a canvas with pdf.js. pdf.js never runs a document's scripts (its scripting sandbox belongs
 * to its full viewer, not used here); eval and XFA forms stay off so nothing in the file turns into code.
 */
async function openPdf(url: string, signal: AbortSignal): Promise<PDFDocumentProxy> {
  const response = await fetch(url, { credentials: 'same-origin', signal });
  if (!response.ok) throw new Error(`content answered ${response.status}`);
  const task = getDocument({
    data: new Uint8Array(await response.arrayBuffer()),
    isEvalSupported: false,
    enableXfa: false,
    // WebAssembly needs 'wasm-unsafe-eval', which our CSP does not grant; pdf.js decodes without it.
    useWasm: false,
  });
  signal.addEventListener('abort', () => void task.destroy());
  return task.promise;
}

function failureMessage(error: unknown): string {
  if (error instanceof Error && error.name === 'PasswordException') {
    return 'This PDF is protected by a password. Download it to open it.';
  }
  return 'This PDF could not be shown. Download it to open it.';
}

/**
 * The preview of one PDF: one page at a time, as wide as the preview area (so it fits a phone's width).
 * Give it a key per file: its state belongs to one document.
 */
export default function PdfViewer({
  url,
  filename,
  fallback,
}: {
  url: string;
  filename: string;
  /** What to offer when the PDF cannot be drawn: a way to download it. */
  fallback: ReactNode;
}) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [pageNumber, setPageNumber] = useState(1);

  useEffect(() => {
    const controller = new AbortController();
    let opened: PDFDocumentProxy | undefined;
    openPdf(url, controller.signal).then(
      (doc) => {
        opened = doc;
        if (!controller.signal.aborted) setLoaded({ state: 'ready', doc });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ state: 'error', message: failureMessage(error) });
      },
    );
    return () => {
      controller.abort();
      void opened?.destroy();
    };
  }, [url]);

  if (loaded.state === 'loading') return <LoadingState label="Loading PDF" />;
  if (loaded.state === 'error') {
    return (
      <div role="alert" className="flex min-h-64 flex-col items-center justify-center gap-4 text-center">
        <p className="text-lg font-medium">{loaded.message}</p>
        {fallback}
      </div>
    );
  }

  const { doc } = loaded;
  return (
    <div className="flex flex-col gap-3">
      {doc.numPages > 1 && (
        <nav aria-label="PDF pages" className="flex items-center justify-center gap-2">
          <button
            type="button"
            className="btn btn-sm"
            disabled={pageNumber <= 1}
            onClick={() => setPageNumber((n) => n - 1)}
          >
            <span aria-hidden="true">‹</span> Previous
          </button>
          <span aria-live="polite" className="min-w-24 text-center text-sm">
            Page {pageNumber} of {doc.numPages}
          </span>
          <button
            type="button"
            className="btn btn-sm"
            disabled={pageNumber >= doc.numPages}
            onClick={() => setPageNumber((n) => n + 1)}
          >
            Next <span aria-hidden="true">›</span>
          </button>
        </nav>
      )}
      <PdfPage
        key={pageNumber}
        doc={doc}
        pageNumber={pageNumber}
        label={`Page ${pageNumber} of ${doc.numPages} of ${filename}`}
      />
    </div>
  );
}

/** One page painted to fit the width of its container, repainted when that width changes. Keyed by page. */
function PdfPage({ doc, pageNumber, label }: { doc: PDFDocumentProxy; pageNumber: number; label: string }) {
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);
  const [text, setText] = useState('');
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || width === 0) return;
    let cancelled = false;
    let cancelRender = () => {};
    void (async () => {
      try {
        const page = await doc.getPage(pageNumber);
        if (cancelled) return;
        const ratio = Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO);
        const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        canvas.style.aspectRatio = `${viewport.width} / ${viewport.height}`;
        const task = page.render({
          canvas,
          viewport,
          transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
        });
        cancelRender = () => task.cancel();
        await task.promise;
        // Screen readers get the page's words, which the canvas alone does not carry.
        const content = await page.getTextContent();
        if (!cancelled) setText(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
      } catch (error) {
        if (!cancelled && !(error instanceof Error && error.name === 'RenderingCancelledException')) {
          setFailed(true);
        }
      }
    })();
    return () => {
      cancelled = true;
      cancelRender();
    };
  }, [doc, pageNumber, width]);

  return (
    <div ref={frameRef} className="w-full">
      {failed && (
        <p role="alert" className="py-8 text-center">
          This page could not be shown.
        </p>
      )}
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={label}
        hidden={failed}
        className="block w-full rounded-box border border-base-300 bg-white"
      />
      <div className="sr-only">{text}</div>
    </div>
  );
}
