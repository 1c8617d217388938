import { Link } from 'react-router';
import { formatSize, type UploadRequest } from '@cloudstash/contract';
import { ErrorState } from '../../../components/States';
import { useReceivedFiles } from '../api/upload-links';
import { formatWhen } from '../format';

/** What came through one upload link, newest first: each file, its size, when, and who sent it. */
export function ReceivedFiles({ link }: { link: UploadRequest }) {
  const files = useReceivedFiles(link._id);
  if (files.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-base-content/80">
        <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        Loading received files…
      </p>
    );
  }
  if (files.isError) return <ErrorState message="Failed to load the received files" />;
  if (files.data.length === 0) {
    return <p className="text-sm text-base-content/80">Nothing has come through this link yet.</p>;
  }
  return (
    <ul
      aria-label={`Files received through ${link.label}`}
      className="flex flex-col divide-y divide-base-300"
    >
      {files.data.map((file) => (
        <li key={file._id} className="flex flex-col gap-1 py-2">
          <div className="flex items-baseline gap-2">
            <Link
              to={`/dashboard/file/${file._id}`}
              className="link link-hover min-w-0 flex-1 truncate font-medium"
              title={file.filename}
            >
              {file.filename}
            </Link>
            <span className="text-sm whitespace-nowrap text-base-content/80 tabular-nums">
              {formatSize(file.size)}
            </span>
          </div>
          <p className="text-xs break-words text-base-content/80">
            {file.note} · {formatWhen(file.createdAt)}
          </p>
        </li>
      ))}
    </ul>
  );
}
