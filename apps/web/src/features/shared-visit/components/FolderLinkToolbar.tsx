import { PendingButton } from '../../../components/PendingButton';
import { SelectAll } from '../../../components/SelectAll';
import type { LinkSelection } from './use-link-selection';

export type ZipTarget = 'selected' | 'all';

interface FolderLinkToolbarProps {
  selection: LinkSelection;
  /** Which zip is being made, if one is. */
  zipping: ZipTarget | null;
  onZip: (target: ZipTarget) => void;
}

/** Select all, how many are ticked, and the two zips: the ticked items, or the whole folder on screen. */
export function FolderLinkToolbar({ selection, zipping, onZip }: FolderLinkToolbarProps) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-box border border-base-300 bg-base-100 p-3 shadow-sm">
      <SelectAll count={selection.count} allChosen={selection.allChosen} onToggleAll={selection.toggleAll} />
      <div className="ms-auto flex flex-wrap gap-2">
        <PendingButton
          type="button"
          className="btn-sm btn-outline"
          pending={zipping === 'selected'}
          disabled={zipping !== null}
          onClick={() => onZip('selected')}
        >
          Download selected
        </PendingButton>
        <PendingButton
          type="button"
          className="btn-sm btn-primary"
          pending={zipping === 'all'}
          disabled={zipping !== null}
          onClick={() => onZip('all')}
        >
          Download all
        </PendingButton>
      </div>
    </div>
  );
}
