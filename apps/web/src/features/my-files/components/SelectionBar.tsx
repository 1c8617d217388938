import { SelectAll } from '../../../components/SelectAll';

interface SelectionBarProps {
  count: number;
  allChosen: boolean;
  onToggleAll: () => void;
  /** Absent where the person may not move or delete (a viewer of a shared folder). */
  onMoveTo?: () => void;
  onZip: () => void;
  onDelete?: () => void;
  zipPending: boolean;
}

/**
 * Select all, and what can be done to the chosen rows: Move to…, Download as zip, Delete. Always in view above
 * the rows, so a phone reaches every bulk action without dragging anything.
 */
export function SelectionBar({
  count,
  allChosen,
  onToggleAll,
  onMoveTo,
  onZip,
  onDelete,
  zipPending,
}: SelectionBarProps) {
  const none = count === 0;
  return (
    <div role="toolbar" aria-label="Selection" className="flex flex-wrap items-center gap-2">
      <SelectAll count={count} allChosen={allChosen} onToggleAll={onToggleAll} />
      <div className="flex flex-wrap gap-2 sm:ml-auto">
        {onMoveTo && (
          <button type="button" className="btn btn-outline btn-sm" disabled={none} onClick={onMoveTo}>
            Move to…
          </button>
        )}
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={none || zipPending}
          onClick={onZip}
        >
          Download zip
        </button>
        {onDelete && (
          <button
            type="button"
            className="btn btn-outline btn-error btn-sm"
            disabled={none}
            onClick={onDelete}
          >
            Delete selected
          </button>
        )}
      </div>
    </div>
  );
}
