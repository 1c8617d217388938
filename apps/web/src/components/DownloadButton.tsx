import type { MouseEvent } from 'react';
import type { StoredFile } from '@cloudstash/contract';
import { useDownloadFile } from '../api/download';

interface DownloadButtonProps {
  file: Pick<StoredFile, '_id' | 'filename' | 'downloadName'>;
  label?: string;
  className?: string;
}

/**
 * Downloads through useDownloadFile, which refreshes whatever shows the download count; a failed download
 * ends the spinner and says so.
 */
export function DownloadButton({
  file,
  label = 'Download',
  className = 'btn btn-sm btn-primary',
}: DownloadButtonProps) {
  const download = useDownloadFile();
  const pending = download.isPending;
  const onClick = (event: MouseEvent) => {
    // Rows open the preview when clicked; the button must not.
    event.stopPropagation();
    download.mutate(file);
  };
  return (
    <button
      type="button"
      className={className}
      onClick={onClick}
      disabled={pending}
      aria-label={`${label} ${file.filename}`}
    >
      {pending ? (
        <span className="loading loading-spinner loading-xs" aria-hidden="true" />
      ) : (
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M12 4v11m0 0-4-4m4 4 4-4M5 19h14" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      )}
      {label}
    </button>
  );
}
