import { fileTypeLabel, formatSize, type SharedFolderFile } from '@cloudstash/contract';
import { linkFileDownloadUrl } from '../api/shared-folder';
import { FileThumbnail } from '../../../components/FileThumbnail';

interface FolderLinkFileCardProps {
  token: string;
  file: SharedFolderFile;
  chosen: boolean;
  onToggle: () => void;
  onPreview: () => void;
  onDownload: () => void;
  /** Among the first screen's cards, whose thumbnails the page paints first. */
  eager: boolean;
}

/** A file of the shared folder: its thumbnail, its name (which opens the preview), type and size, and Download. */
export function FolderLinkFileCard({
  token,
  file,
  chosen,
  onToggle,
  onPreview,
  onDownload,
  eager,
}: FolderLinkFileCardProps) {
  return (
    <li className="relative flex flex-col overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-sm">
      <input
        type="checkbox"
        className="checkbox absolute top-2 left-2 z-10 bg-base-100"
        checked={chosen}
        onChange={onToggle}
        aria-label={`Select ${file.filename}`}
      />
      {/* The name below is the card's button for keyboards and screen readers; the picture is a pointer's shortcut. */}
      <button type="button" tabIndex={-1} aria-hidden="true" className="cursor-zoom-in" onClick={onPreview}>
        <FileThumbnail file={file} eager={eager} />
      </button>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <button
          type="button"
          aria-haspopup="dialog"
          title={file.filename}
          className="link truncate text-left font-semibold link-hover"
          onClick={onPreview}
        >
          {file.filename}
        </button>
        <p className="truncate text-sm text-base-content/80">
          {fileTypeLabel(file.mimetype, file.filename)} · {formatSize(file.size)}
        </p>
        <a
          href={linkFileDownloadUrl(token, file._id)}
          download={file.downloadName}
          aria-label={`Download ${file.filename}`}
          className="btn mt-auto btn-block btn-sm btn-outline"
          onClick={onDownload}
        >
          Download
        </a>
      </div>
    </li>
  );
}
