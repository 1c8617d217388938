interface SelectAllProps {
  count: number;
  allChosen: boolean;
  onToggleAll: () => void;
}

/**
 * The start of a list's selection toolbar: Select all (mixed while some rows are chosen) and how many are
 * chosen, said politely to a screen reader as it changes.
 */
export function SelectAll({ count, allChosen, onToggleAll }: SelectAllProps) {
  return (
    <>
      <label className="flex cursor-pointer items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={allChosen}
          ref={(input) => {
            if (input) input.indeterminate = count > 0 && !allChosen;
          }}
          onChange={onToggleAll}
        />
        Select all
      </label>
      <span className="text-sm text-base-content/80" aria-live="polite">
        {count === 0 ? '' : `${count} selected`}
      </span>
    </>
  );
}
