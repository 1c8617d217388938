import type { ReactNode } from 'react';
import type { SortField, StoredFile } from '@cloudstash/contract';
import type { SortState } from '../lib/list-state';
import { useListView } from '../lib/list-view';
import { matchCountText, type PagedList } from '../api/paged-list';
import { DownloadButton } from './DownloadButton';
import { FileCards } from './FileCards';
import { FileTable } from './FileTable';
import { PagedListView } from './PagedListView';
import { SortControl } from './SortControl';
import { ViewToggle } from './ViewToggle';
import { sortFieldsOf, type FileActions, type FileColumn, type RowExtras } from './file-columns';

interface FileListProps {
  list: PagedList<StoredFile>;
  sort: SortState;
  onSort: (column: SortField) => void;
  /** The screen's filter panel, shown above the count and the rows. */
  filters?: ReactNode;
  /** With a noun, the line "Showing {rows on screen} of {files matching the filters} {noun}". */
  countNoun?: string;
  caption: string;
  columns: readonly FileColumn[];
  showEmail?: boolean;
  /** Defaults to a Download button. */
  actions?: FileActions;
  loadingLabel: string;
  failedMessage: string;
  empty: ReactNode;
  /** Checkboxes and dragging on each row (My Files). */
  extras?: RowExtras;
  /** What comes before the files, below the layout toggle (My Files: the folder's subfolders). */
  beforeRows?: ReactNode;
  /** Load the next page as the person scrolls, rather than on Load more alone (a folder's files). */
  loadOnScroll?: boolean;
}

const download: FileActions = (file) => <DownloadButton file={file} />;

/**
 * Every file list of the app in one component: filters, the count, the layout toggle (remembered per browser),
 * the sort (column headers on wide screens, a sort control on phones and above the grid), the files as a table
 * (cards on phones) or a grid of thumbnail cards, and the loading, failed, empty and "Load more" states.
 */
export function FileList({
  list,
  sort,
  onSort,
  filters,
  countNoun,
  caption,
  columns,
  showEmail,
  actions = download,
  loadingLabel,
  failedMessage,
  empty,
  extras,
  beforeRows,
  loadOnScroll,
}: FileListProps) {
  const [view, setView] = useListView();
  return (
    <>
      {filters}
      <div className="flex flex-wrap items-center gap-3">
        {countNoun && (
          // The line keeps its height while there is no count (loading, or failed: 'Showing 0 of 0' would be
          // false), so the rows below do not jump when the count arrives.
          <p aria-live="polite" className="min-h-5 text-sm text-base-content/80">
            {!list.isPending && !list.failed && (
              <>
                Showing {list.items.length} of {matchCountText(list)} {countNoun}
                {list.isFetching && (
                  <span className="loading loading-spinner loading-xs ml-2 align-middle" aria-hidden="true" />
                )}
              </>
            )}
          </p>
        )}
        <div className="ml-auto">
          <ViewToggle view={view} onChange={setView} />
        </div>
      </div>
      {beforeRows}
      <PagedListView
        list={list}
        loadingLabel={loadingLabel}
        failedMessage={failedMessage}
        empty={empty}
        loadOnScroll={loadOnScroll}
      >
        {(files) => {
          // What every presentation of the rows needs; the table adds its sortable headers.
          const rows = { files, columns, showEmail, actions, extras };
          const sortControl = <SortControl sort={sort} onSort={onSort} fields={sortFieldsOf(columns)} />;
          return view === 'grid' ? (
            <div className="flex flex-col gap-3">
              <div className="md:max-w-sm">{sortControl}</div>
              <FileCards layout="grid" label={caption} {...rows} />
            </div>
          ) : (
            <>
              {/* Phones get cards (and a sort control); wider screens the table. Only one of the two is displayed. */}
              <div className="flex flex-col gap-3 md:hidden">
                {sortControl}
                <FileCards layout="list" label={caption} {...rows} />
              </div>
              <FileTable caption={caption} sort={sort} onSort={onSort} {...rows} />
            </>
          );
        }}
      </PagedListView>
    </>
  );
}
