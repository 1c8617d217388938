import type { Ref } from 'react';
import type { SharedFolderView } from '@cloudstash/contract';
import { formatWhen } from '../../../lib/date-time';
import { FolderLinkBreadcrumbs } from './FolderLinkBreadcrumbs';

interface FolderLinkHeaderProps {
  token: string;
  view: SharedFolderView;
  /** The heading takes focus when the visitor opens another folder, so a screen reader says where they are. */
  headingRef: Ref<HTMLHeadingElement>;
}

/** The folder on screen: where it sits, its name, who shared it, and the link's expiry and limit when set. */
export function FolderLinkHeader({ token, view, headingRef }: FolderLinkHeaderProps) {
  return (
    <header className="flex flex-col gap-2">
      <FolderLinkBreadcrumbs token={token} view={view} />
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold break-words sm:text-3xl">
        {view.folder.name}
      </h1>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-base-content/80">
        <li className="break-words">Shared by {view.ownerName}</li>
        {view.expiresAt && <li>Link expires {formatWhen(view.expiresAt)}</li>}
        {view.downloadsLeft !== null && (
          <li>
            <span className="tabular-nums">{view.downloadsLeft}</span>{' '}
            {view.downloadsLeft === 1 ? 'download' : 'downloads'} left (each file counts one, in a zip too)
          </li>
        )}
      </ul>
    </header>
  );
}
