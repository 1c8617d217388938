import { useId } from 'react';
import type { ListView } from '../lib/list-view';

const VIEWS: { value: ListView; label: string }[] = [
  { value: 'table', label: 'Table' },
  { value: 'grid', label: 'Grid' },
];

/**
 * Table or grid, as a labelled group of radio buttons drawn as one joined button bar (daisyUI writes each
 * radio's aria-label as its text), so keyboards and screen readers get a real single choice.
 */
export function ViewToggle({ view, onChange }: { view: ListView; onChange: (view: ListView) => void }) {
  const name = useId();
  return (
    <fieldset className="flex items-center gap-2">
      {/* The group's name for assistive technology; the same word is shown beside the buttons. */}
      <legend className="sr-only">View</legend>
      <span aria-hidden="true" className="text-sm text-base-content/80">
        View
      </span>
      <div className="join">
        {VIEWS.map(({ value, label }) => (
          <input
            key={value}
            type="radio"
            name={name}
            value={value}
            aria-label={label}
            className="join-item btn btn-sm"
            checked={view === value}
            onChange={() => onChange(value)}
          />
        ))}
      </div>
    </fieldset>
  );
}
