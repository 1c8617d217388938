import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { pickedFromDrop } from '../lib/dropped-files';
import { useUploadTarget } from './upload-target';

/** Only a drag that carries files from outside is an upload (a row dragged onto a folder is a move). */
const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * A screen that takes files and whole folders dropped anywhere on it: they go into `folderId` through the
 * upload panel. While files are dragged over, an outline and a line of text say where they will go.
 */
export function DropZone({
  folderId,
  folderName,
  children,
}: {
  folderId: string | null;
  folderName: string;
  children: ReactNode;
}) {
  const queue = useUploadTarget();
  const [over, setOver] = useState(false);
  // dragenter and dragleave fire for every child crossed: count them to know when the drag has left for good.
  const depth = useRef(0);
  const onDragEnter = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    depth.current += 1;
    setOver(true);
  };
  const onDragLeave = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setOver(false);
  };
  const onDragOver = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const onDrop = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    depth.current = 0;
    setOver(false);
    // Read now: the browser empties the drop's data once this handler returns.
    void pickedFromDrop(event.dataTransfer).then((picked) => queue.add(picked, folderId));
  };
  return (
    <div
      className={`relative flex flex-col gap-6 rounded-box ${over ? 'outline-2 outline-offset-8 outline-dashed outline-primary' : ''}`}
      onDragEnter={onDragEnter}
      onDragLeave={onDragLeave}
      onDragOver={onDragOver}
      onDrop={onDrop}
      data-testid="drop-zone"
    >
      {over && (
        <p className="badge badge-primary badge-lg sticky top-20 z-20 self-center shadow" role="status">
          Drop to upload into {folderName}
        </p>
      )}
      {children}
    </div>
  );
}
