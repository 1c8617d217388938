import { Link } from 'react-router';
import { fileTypeLabel, formatSize, type SharedSearch } from '@cloudstash/contract';
import { FileIcon } from '../../../components/FileIcon';
import { FolderHits, HitLocation } from '../../../components/SearchHits';

const TOP = 'Shared with me';
/** A folder found opens in the shared folder browser; the top is Shared with me itself. */
const folderHref = (id: string | null) =>
  id === null ? '/dashboard/shared-with-me' : `/dashboard/shared-with-me/${id}`;

/** What a search of Shared with me found: folders, then files, each saying where it lies. */
export function SharedSearchHits({ found, q }: { found: SharedSearch; q: string }) {
  if (!found.folders.length && !found.files.length)
    return <p className="text-sm text-base-content/80">Nothing shared with you matches “{q}”.</p>;
  return (
    <div className="flex flex-col gap-4">
      <FolderHits hits={found.folders} hrefOf={folderHref} topName={TOP} />
      {found.files.length > 0 && (
        <section aria-labelledby="file-hits" className="flex flex-col gap-2">
          <h2 id="file-hits" className="text-sm font-semibold">
            Files
          </h2>
          <ul className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
            {found.files.map((file) => (
              <li key={file._id} className="flex items-center gap-3 px-4 py-2">
                <FileIcon mimetype={file.mimetype} />
                <div className="min-w-0">
                  <Link
                    to={`/dashboard/file/${file._id}`}
                    className="link link-hover block truncate font-medium"
                    title={file.filename}
                  >
                    {file.filename}
                  </Link>
                  <p className="text-xs text-base-content/80">
                    {[
                      fileTypeLabel(file.mimetype, file.filename),
                      formatSize(file.size),
                      file.uploadedBy && `Shared by ${file.uploadedBy.name}`,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                  <HitLocation path={file.folderPath} hrefOf={folderHref} topName={TOP} />
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
