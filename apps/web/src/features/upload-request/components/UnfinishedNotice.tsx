import { formatSize } from '@cloudstash/contract';
import type { UnfinishedUpload } from '../visitor/unfinished-uploads';

/** After a reload: the files that had not finished, to choose again (a large one resumes), or to forget. */
export function UnfinishedNotice({
  uploads,
  onForget,
}: {
  uploads: readonly UnfinishedUpload[];
  onForget: () => void;
}) {
  if (uploads.length === 0) return null;
  return (
    <div role="status" className="alert alert-info alert-soft flex flex-col items-start gap-2">
      <p>
        {uploads.length === 1 ? '1 file' : `${uploads.length} files`} did not finish before the page was
        closed. Choose the same {uploads.length === 1 ? 'file' : 'files'} again to resume:
      </p>
      <ul className="list-disc pl-5 text-sm">
        {uploads.map((upload) => (
          <li key={`${upload.name}:${upload.size}:${upload.lastModified}`} className="break-words">
            {upload.name} ({formatSize(upload.size)})
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onForget}>
        Forget them
      </button>
    </div>
  );
}
