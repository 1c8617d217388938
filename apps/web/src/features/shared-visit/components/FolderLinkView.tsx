import { useEffect, useRef, useState } from 'react';
import {
  FOLDER_MESSAGES,
  type SharedFolderFile,
  type SharedFolderView,
  type ZipBody,
} from '@cloudstash/contract';
import { messageOf } from '../../../api/api-client';
import { LoadMore } from '../../../components/LoadMore';
import { EmptyState } from '../../../components/States';
import { documentTitle } from '../../../lib/route-announce';
import { useLinkZip, useRecountDownloads } from '../api/shared-folder';
import { FolderLinkFileCard } from './FolderLinkFileCard';
import { FolderLinkFolders } from './FolderLinkFolders';
import { FolderLinkHeader } from './FolderLinkHeader';
import { FolderLinkPreview } from './FolderLinkPreview';
import { FolderLinkToolbar, type ZipTarget } from './FolderLinkToolbar';
import { useLinkSelection } from './use-link-selection';

/** Cards on a first screen at most (two rows of the widest grid): their thumbnails load first. */
const FIRST_SCREEN_CARDS = 10;

export interface FolderLinkPages {
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreFailed: boolean;
  onLoadMore: () => void;
}

interface FolderLinkViewProps {
  token: string;
  view: SharedFolderView;
  /** Every file loaded so far, over all pages. */
  files: SharedFolderFile[];
  pages: FolderLinkPages;
  /** Another folder is loading; the one on screen stays until it comes. */
  switching: boolean;
}

/** A folder link: one folder below the shared one, read-only, to browse, preview and download. */
export function FolderLinkView({ token, view, files, pages, switching }: FolderLinkViewProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const openedFolder = useRef(view.folder._id);
  const [previewed, setPreviewed] = useState<SharedFolderFile | null>(null);
  const recount = useRecountDownloads(token, view.downloadsLeft !== null);

  useEffect(() => {
    document.title = documentTitle('Shared Folder');
  }, []);
  // A folder opened inside the link replaces the page's content: focus goes to its name, as a new page's would.
  useEffect(() => {
    if (openedFolder.current === view.folder._id) return;
    openedFolder.current = view.folder._id;
    headingRef.current?.focus();
  }, [view.folder._id]);

  return (
    <div className="flex w-full max-w-6xl flex-col gap-4">
      <FolderLinkHeader token={token} view={view} headingRef={headingRef} />
      {/* Ticks belong to one folder: opening another starts with none. */}
      <FolderContents
        key={view.folder._id}
        token={token}
        view={view}
        files={files}
        pages={pages}
        switching={switching}
        onPreview={setPreviewed}
        onDownload={recount}
      />
      <FolderLinkPreview
        token={token}
        file={previewed}
        onClose={() => setPreviewed(null)}
        onDownload={recount}
      />
    </div>
  );
}

interface FolderContentsProps extends FolderLinkViewProps {
  onPreview: (file: SharedFolderFile) => void;
  onDownload: () => void;
}

function FolderContents({
  token,
  view,
  files,
  pages,
  switching,
  onPreview,
  onDownload,
}: FolderContentsProps) {
  const selection = useLinkSelection(
    view.folders.map((f) => f._id),
    files.map((f) => f._id),
  );
  const zip = useLinkZip(token, onDownload);
  const [zipping, setZipping] = useState<ZipTarget | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const onZip = (target: ZipTarget) => {
    const body: Required<ZipBody> =
      target === 'all' ? { fileIds: [], folderIds: [view.folder._id] } : selection.body();
    if (body.fileIds.length + body.folderIds.length === 0) {
      setNotice(FOLDER_MESSAGES.nothingSelected);
      return;
    }
    setNotice(null);
    setZipping(target);
    zip.mutate(body, {
      onError: (error) => setNotice(messageOf(error, 'Could not prepare the download. Please try again.')),
      onSettled: () => setZipping(null),
    });
  };

  if (view.folders.length === 0 && files.length === 0) {
    return <EmptyState message="This folder is empty" />;
  }
  return (
    <div className={`flex flex-col gap-4 ${switching ? 'opacity-60' : ''}`} aria-busy={switching}>
      <FolderLinkToolbar selection={selection} zipping={zipping} onZip={onZip} />
      <p role="status" className={notice ? 'text-sm text-error' : 'sr-only'}>
        {notice}
      </p>
      <FolderLinkFolders token={token} folders={view.folders} selection={selection} />
      {files.length > 0 && (
        <section aria-labelledby="link-files" className="flex flex-col gap-2">
          <h2 id="link-files" className="text-lg font-semibold">
            Files
          </h2>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
            {files.map((file, index) => (
              <FolderLinkFileCard
                key={file._id}
                token={token}
                file={file}
                eager={index < FIRST_SCREEN_CARDS}
                chosen={selection.isChosen('file', file._id)}
                onToggle={() => selection.toggle('file', file._id)}
                onPreview={() => onPreview(file)}
                onDownload={onDownload}
              />
            ))}
          </ul>
        </section>
      )}
      <LoadMore
        hasNextPage={pages.hasMore}
        isFetchingNextPage={pages.loadingMore}
        onLoadMore={pages.onLoadMore}
      />
      {pages.loadMoreFailed && (
        <p role="alert" className="text-center text-sm text-error">
          Could not load more files. Please try again.
        </p>
      )}
    </div>
  );
}
