import type { ReactNode } from 'react';

/** The frame every list's filters share: a search landmark laid out in a grid, with Clear Filters last. */
export function FilterPanel({ children, onClear }: { children: ReactNode; onClear: () => void }) {
  return (
    <search className="grid grid-cols-1 items-end gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:grid-cols-2 lg:grid-cols-5">
      {children}
      <div className="sm:col-span-2 lg:col-span-5">
        <button type="button" className="btn btn-outline btn-sm" onClick={onClear}>
          Clear Filters
        </button>
      </div>
    </search>
  );
}

interface TextFilterProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** The free-text search spans two columns and is announced as a search box. */
  search?: boolean;
}

export function TextFilter({ label, placeholder, value, onChange, search = false }: TextFilterProps) {
  return (
    <label className={`flex flex-col gap-1 ${search ? 'lg:col-span-2' : ''}`}>
      <span className="text-sm font-medium">{label}</span>
      <input
        type={search ? 'search' : 'text'}
        className="input w-full"
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

interface SelectFilterProps<T extends string> {
  label: string;
  value: T;
  options: readonly (readonly [T, string])[];
  onChange: (value: T) => void;
}

export function SelectFilter<T extends string>({ label, value, options, onChange }: SelectFilterProps<T>) {
  return (
    <label className="flex flex-col gap-1">
      <span className="text-sm font-medium">{label}</span>
      <select className="select w-full" value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
