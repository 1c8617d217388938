import { useState, type DragEvent } from 'react';
import type { Selection } from '../../api/folders';

/** The drag's own type: rows of My Files being moved, told apart from files dragged in from the desktop. */
const MOVE_TYPE = 'application/x-cloudstash-move';

/** Starts dragging rows: the whole selection when the row is part of it, else that row alone. */
export function startMoveDrag(event: DragEvent, entries: Selection): void {
  event.dataTransfer.setData(MOVE_TYPE, JSON.stringify(entries));
  event.dataTransfer.effectAllowed = 'move';
}

const isMoveDrag = (event: DragEvent) => event.dataTransfer.types.includes(MOVE_TYPE);

/**
 * What a folder or a breadcrumb needs to take dragged rows: the handlers, and whether rows are over it now
 * (to highlight it). A folder never takes itself.
 */
export function useMoveDropTarget(
  folderId: string | null,
  onMove: (entries: Selection, target: string | null) => void,
) {
  const [over, setOver] = useState(false);
  return {
    over,
    handlers: {
      onDragOver: (event: DragEvent) => {
        if (!isMoveDrag(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      },
      onDragLeave: () => setOver(false),
      onDrop: (event: DragEvent) => {
        if (!isMoveDrag(event)) return;
        event.preventDefault();
        event.stopPropagation();
        setOver(false);
        const entries = JSON.parse(event.dataTransfer.getData(MOVE_TYPE)) as Selection;
        const folderIds = entries.folderIds.filter((id) => id !== folderId);
        if (folderIds.length + entries.fileIds.length > 0) onMove({ ...entries, folderIds }, folderId);
      },
    },
  };
}
