import { fileTypeLabel, formatDate, formatSize } from '@cloudstash/contract';
import { FileIcon } from '../../../components/FileIcon';
import { VisibilityBadge } from '../../../components/FileTable';
import { MyFileActions, type MyFilesTableProps } from './MyFilesTable';

/** Phone layout of My Files: one card per file, so the actions are on screen without scrolling sideways. */
export function MyFilesCards({ files, onEdit, onDelete }: MyFilesTableProps) {
  return (
    <ul className="flex flex-col gap-3 md:hidden" aria-label="Your files">
      {files.map((file) => (
        <li key={file._id} className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">
          <div className="flex items-start gap-3">
            <FileIcon mimetype={file.mimetype} className="mt-0.5 size-6" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold" title={file.filename}>
                {file.filename}
              </p>
              <p className="text-sm text-base-content/80">
                {fileTypeLabel(file.mimetype)} · {formatSize(file.size)} · {file.downloadCount}{' '}
                {file.downloadCount === 1 ? 'download' : 'downloads'}
              </p>
              <p className="text-xs text-base-content/70">{formatDate(file.createdAt)}</p>
            </div>
            <VisibilityBadge isPublic={file.isPublic} />
          </div>
          <div className="mt-3 flex justify-end">
            <MyFileActions file={file} onEdit={onEdit} onDelete={onDelete} />
          </div>
        </li>
      ))}
    </ul>
  );
}
