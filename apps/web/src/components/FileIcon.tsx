import { fileCategory } from '@cloudstash/contract';

const PATHS = {
  image: 'M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15 9.5a1.5 1.5 0 1 0 0-.01',
  video: 'M4 6h11v12H4zM15 10l5-3v10l-5-3',
  document: 'M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6',
  other: 'M7 3h7l5 5v13H7zM14 3v5h5',
} as const;

/** A small glyph for the file's category; decorative, the type is also written out in text. */
export function FileIcon({ mimetype, className = 'size-5' }: { mimetype: string; className?: string }) {
  const category = fileCategory(mimetype);
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={`${className} shrink-0 text-primary`}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinejoin="round"
      strokeLinecap="round"
    >
      <path d={PATHS[category]} />
    </svg>
  );
}

/** A folder's glyph, beside its name; decorative, the name or a label says it is a folder. */
export function FolderIcon({ className = 'size-5' }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={`${className} shrink-0 text-primary`}
      fill="currentColor"
    >
      <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
    </svg>
  );
}
