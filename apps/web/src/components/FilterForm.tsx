import type { FilterFormProps } from '../lib/use-filtered-list';

/** One field of a list's filter form, keyed by the filter it edits. */
export type FilterField<F> = {
  [K in keyof F]: F[K] extends string
    ? | { key: K; kind: 'search' | 'text'; label: string; placeholder: string }
      | { key: K; kind: 'select'; label: string; options: readonly (readonly [F[K], string])[] }
    : never;
}[keyof F];

/**
 * A list's filters as a search landmark laid out in a grid, with Clear Filters last. Each field writes its
 * value into a copy of the filters; the free-text search spans two columns and is announced as a search box.
 */
export function FilterForm<F>({
  fields,
  filters,
  onChange,
  onClear,
}: FilterFormProps<F> & { fields: FilterField<F>[] }) {
  const set = (key: keyof F, value: string) => onChange({ ...filters, [key]: value });
  return (
    <search className="grid grid-cols-1 items-end gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:grid-cols-2 lg:grid-cols-5">
      {fields.map((field) => (
        <label
          key={String(field.key)}
          className={`flex flex-col gap-1 ${field.kind === 'search' ? 'lg:col-span-2' : ''}`}
        >
          <span className="text-sm font-medium">{field.label}</span>
          {field.kind === 'select' ? (
            <select
              className="select w-full"
              value={String(filters[field.key])}
              onChange={(e) => set(field.key, e.target.value)}
            >
              {field.options.map(([value, text]) => (
                <option key={String(value)} value={String(value)}>
                  {text}
                </option>
              ))}
            </select>
          ) : (
            <input
              type={field.kind === 'search' ? 'search' : 'text'}
              className="input w-full"
              placeholder={field.placeholder}
              value={String(filters[field.key])}
              onChange={(e) => set(field.key, e.target.value)}
            />
          )}
        </label>
      ))}
      <div className="sm:col-span-2 lg:col-span-5">
        <button type="button" className="btn btn-outline btn-sm" onClick={onClear}>
          Clear Filters
        </button>
      </div>
    </search>
  );
}
