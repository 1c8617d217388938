import { Link } from 'react-router';
import { fileTypeLabel, formatDate, formatSize, type StoredFile } from '@cloudstash/contract';
import { FileIcon } from './FileIcon';
import { FileThumbnail } from './FileThumbnail';
import { VisibilityBadge } from './VisibilityBadge';
import { ModifiedAt } from './ModifiedAt';
import { uploaderShown } from '../lib/uploader';
import { dragProps, type FileActions, type FileColumn, type RowExtras } from './file-columns';

/**
 * `list`: the phone layout of a file list, one card per file with its actions in reach, no sideways scrolling.
 * `grid`: the grid view, a card per file with its thumbnail, name, size and the rows' actions.
 */
export type FileCardLayout = 'list' | 'grid';

interface FileCardsProps {
  files: StoredFile[];
  label: string;
  layout: FileCardLayout;
  /** The same column set as the table: the uploader line and the visibility badge show only when listed. */
  columns: readonly FileColumn[];
  showEmail?: boolean;
  actions: FileActions;
  extras?: RowExtras;
}

interface CardProps {
  file: StoredFile;
  index: number;
  uploader: boolean;
  visibility: boolean;
  showEmail?: boolean;
  actions: FileActions;
  extras?: RowExtras;
}

const LAYOUTS = {
  list: {
    list: 'flex flex-col gap-3',
    card: 'rounded-box border border-base-300 bg-base-100 p-4 shadow-sm',
    Body: ListCard,
  },
  grid: {
    list: 'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5',
    card: 'relative flex flex-col overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-sm',
    Body: GridCard,
  },
} as const;

/** Cards on a first screen at most: two rows of the widest grid (five columns). */
const FIRST_SCREEN_CARDS = 10;

/** A file list as cards, one per file, in either layout; each card is dragged like a table row. */
export function FileCards({ files, label, layout, columns, showEmail, actions, extras }: FileCardsProps) {
  const { list, card, Body } = LAYOUTS[layout];
  const uploader = columns.includes('uploader');
  const visibility = columns.includes('visibility');
  return (
    <ul className={list} aria-label={label}>
      {files.map((file, index) => (
        <li key={file._id} className={card} {...dragProps(file, extras)}>
          <Body {...{ file, index, uploader, visibility, showEmail, actions, extras }} />
        </li>
      ))}
    </ul>
  );
}

function ListCard({ file, uploader, visibility, showEmail, actions, extras }: CardProps) {
  return (
    <>
      <div className="flex items-start gap-3">
        {extras?.leading(file)}
        <FileIcon mimetype={file.mimetype} className="mt-0.5 size-6" />
        <div className="min-w-0 flex-1">
          <FileName file={file} className="link block truncate font-semibold" />
          {extras?.location?.(file)}
          {uploader && <Uploader file={file} showEmail={showEmail} className="text-sm" />}
          <p className="text-sm text-base-content/80">
            {fileTypeLabel(file.mimetype, file.filename)} · {formatSize(file.size)} · {file.downloadCount}{' '}
            {file.downloadCount === 1 ? 'download' : 'downloads'}
          </p>
          <p className="text-xs text-base-content/70">
            {formatDate(file.createdAt)}
            <ModifiedAt file={file} />
          </p>
        </div>
        {visibility && <VisibilityBadge isPublic={file.isPublic} />}
      </div>
      <div className="mt-3 flex justify-end">{actions(file)}</div>
    </>
  );
}

function GridCard({ file, index, uploader, visibility, showEmail, actions, extras }: CardProps) {
  return (
    <>
      {extras && <div className="absolute top-2 left-2 z-10">{extras.leading(file)}</div>}
      {/* The name below is the card's link for keyboards and screen readers; the picture is a mouse shortcut. */}
      <Link to={`/dashboard/file/${file._id}`} tabIndex={-1} aria-hidden="true">
        <FileThumbnail file={file} eager={index < FIRST_SCREEN_CARDS} />
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <FileName file={file} className="link link-hover truncate font-semibold" />
        {extras?.location?.(file)}
        {uploader && <Uploader file={file} showEmail={showEmail} className="text-xs" />}
        <div className="flex flex-wrap items-center justify-between gap-1 text-sm text-base-content/80">
          <span>{formatSize(file.size)}</span>
          {visibility && <VisibilityBadge isPublic={file.isPublic} />}
        </div>
        <div className="mt-auto flex flex-wrap justify-end gap-1 pt-2">{actions(file)}</div>
      </div>
    </>
  );
}

/** The card's link to the file's page, named by the file. */
function FileName({ file, className }: { file: StoredFile; className: string }) {
  return (
    <Link to={`/dashboard/file/${file._id}`} className={className} title={file.filename}>
      {file.filename}
    </Link>
  );
}

function Uploader({
  file,
  showEmail,
  className,
}: {
  file: StoredFile;
  showEmail?: boolean;
  className: string;
}) {
  const { name, owner } = uploaderShown(file);
  return (
    <p className={`truncate ${className} text-base-content/80`}>
      {name}
      {owner && ` · owner ${owner}`}
      {showEmail && file.uploadedBy?.email ? ` · ${file.uploadedBy.email}` : ''}
    </p>
  );
}
