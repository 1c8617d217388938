import { useState } from 'react';
import { fileCategory, type StoredFile } from '@cloudstash/contract';
import { FileIcon } from './FileIcon';

/** What the box needs of a file: the owner's own files, and those a folder link shows. */
type ThumbnailOf = Pick<StoredFile, 'mimetype' | 'thumbnailUrl'> & { thumbnailPending?: boolean };

/**
 * A file's 256 px thumbnail in a box of fixed proportions, so a grid does not move as images arrive; the
 * type's icon stands in while there is none (not made yet, a type without one, or an image that failed).
 * Decorative: the file's name is always written next to it. `eager` is for the first screen's cards: a lazy
 * image is asked for only once layout has placed it in view, a frame or more after it exists, and those
 * thumbnails are what the page paints first. A file seen through a link has no `thumbnailPending`.
 */
export function FileThumbnail({ file, eager = false }: { file: ThumbnailOf; eager?: boolean }) {
  const [broken, setBroken] = useState<string | null>(null);
  // A document's page is taller than the box: its top (the title, the first lines) says more than its middle.
  const position = fileCategory(file.mimetype) === 'document' ? 'object-top' : 'object-center';
  const src = file.thumbnailUrl !== broken ? file.thumbnailUrl : null;
  return (
    <div className="relative flex aspect-[4/3] w-full items-center justify-center overflow-hidden bg-base-200">
      {src ? (
        <img
          src={src}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          width={256}
          height={192}
          className={`size-full object-cover ${position}`}
          onError={() => setBroken(src)}
        />
      ) : (
        <FileIcon mimetype={file.mimetype} className="size-12 opacity-70" />
      )}
      {file.thumbnailPending && (
        <span
          aria-hidden="true"
          className="loading loading-spinner loading-xs absolute right-2 bottom-2 text-base-content/60"
        />
      )}
    </div>
  );
}
