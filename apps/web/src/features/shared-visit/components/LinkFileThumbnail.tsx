import { useState } from 'react';
import { fileCategory, type SharedFolderFile } from '@cloudstash/contract';
import { FileIcon } from '../../../components/FileIcon';

/**
 * A file's 256 px thumbnail through the link, in a box of fixed proportions so the grid does not move as images
 * arrive; the type's icon when it has none or the image fails. Decorative: the name is written beside it.
 */
export function LinkFileThumbnail({ file, eager }: { file: SharedFolderFile; eager: boolean }) {
  const [failed, setFailed] = useState<string | null>(null);
  const src = file.thumbnailUrl !== failed ? file.thumbnailUrl : null;
  // A document's first page is taller than the box: its top (the title) says more than its blank middle.
  const position = fileCategory(file.mimetype) === 'document' ? 'object-top' : 'object-center';
  return (
    <div className="flex aspect-[4/3] w-full items-center justify-center overflow-hidden bg-base-200">
      {src ? (
        <img
          src={src}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          width={256}
          height={192}
          className={`size-full object-cover ${position}`}
          onError={() => setFailed(src)}
        />
      ) : (
        <FileIcon mimetype={file.mimetype} className="size-12 opacity-70" />
      )}
    </div>
  );
}
