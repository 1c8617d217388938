import { Link } from 'react-router';
import type { FolderPathItem } from '@cloudstash/contract';
import type { FolderHit } from '../api/folders';
import { FolderIcon } from './FileIcon';

/** `Projects / Clients`: a path as one line of names. */
const joined = (path: readonly FolderPathItem[]) => path.map((item) => item.name).join(' / ');

/** Under a file found across folders: the folder it lies in, a link there. */
export function HitLocation({
  path,
  hrefOf,
  topName = 'My Files',
}: {
  path: readonly FolderPathItem[] | undefined;
  hrefOf: (id: string | null) => string;
  /** What the top of the tree is called where there is no folder above the hit. */
  topName?: string;
}) {
  const folder = path?.at(-1);
  return (
    <p className="truncate text-xs text-base-content/70">
      In{' '}
      <Link
        to={hrefOf(folder?._id ?? null)}
        className="link link-hover"
        onClick={(event) => event.stopPropagation()}
      >
        {path?.length ? joined(path) : topName}
      </Link>
    </p>
  );
}

/** The folders a search across all folders found, each a link, with the folders above it. */
export function FolderHits({
  hits,
  hrefOf,
  topName = 'My Files',
}: {
  hits: readonly FolderHit[];
  hrefOf: (id: string | null) => string;
  topName?: string;
}) {
  if (!hits.length) return null;
  return (
    <section aria-labelledby="folder-hits" className="flex flex-col gap-2">
      <h2 id="folder-hits" className="text-sm font-semibold">
        Folders
      </h2>
      <ul className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
        {hits.map((hit) => (
          <li key={hit._id} className="flex items-center gap-3 px-4 py-2">
            <FolderIcon className="size-5 shrink-0" />
            <div className="min-w-0">
              <Link
                to={hrefOf(hit._id)}
                className="link link-hover block truncate font-medium"
                title={hit.name}
              >
                {hit.name}
              </Link>
              <p className="truncate text-xs text-base-content/70">
                In {hit.path?.length ? joined(hit.path) : topName}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
