import { fileTypeLabel, formatSize, type SharedFolderFile } from '@cloudstash/contract';
import { Dialog } from '../../../components/ConfirmDialog';
import { linkFileContentUrl, linkFileDownloadUrl } from '../api/shared-folder';
import { VisitorPreview } from './VisitorPreview';

interface FolderLinkPreviewProps {
  token: string;
  /** The file to show; null keeps the dialog closed. */
  file: SharedFolderFile | null;
  onClose: () => void;
  onDownload: () => void;
}

/**
 * A file of the shared folder, previewed as a file link's page previews it (image, video, PDF, text), in a
 * dialog over the folder so closing it returns to the same place in the list.
 */
export function FolderLinkPreview({ token, file, onClose, onDownload }: FolderLinkPreviewProps) {
  return (
    <Dialog
      open={file !== null}
      title={file?.filename ?? ''}
      onClose={onClose}
      actions={
        file && (
          <>
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              Close
            </button>
            <a
              href={linkFileDownloadUrl(token, file._id)}
              download={file.downloadName}
              className="btn btn-primary"
              onClick={onDownload}
            >
              Download
            </a>
          </>
        )
      }
    >
      {file && (
        <div className="flex flex-col gap-3">
          <VisitorPreview
            url={linkFileContentUrl(token, file._id)}
            filename={file.filename}
            mimetype={file.mimetype}
            thumbnailUrl={file.thumbnailUrl}
          />
          <p className="text-sm text-base-content/80">
            {fileTypeLabel(file.mimetype, file.filename)} · {formatSize(file.size)}
          </p>
        </div>
      )}
    </Dialog>
  );
}
