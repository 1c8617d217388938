import type { SearchScope } from '../my-files-url';

interface MyFilesSearchProps {
  search: string;
  scope: SearchScope;
  onSearch: (search: string) => void;
  onScope: (scope: SearchScope) => void;
  /** Whether 'All folders' is offered: a shared folder's search stays inside it. */
  scopes?: boolean;
  /** One line in the toolbar, its labels for screen readers only (inside a folder, where the files come first). */
  compact?: boolean;
}

/** The search box the other lists have: file names, in the folder on screen or in every folder. */
export function MyFilesSearch({
  search,
  scope,
  onSearch,
  onScope,
  scopes = true,
  compact = false,
}: MyFilesSearchProps) {
  const labelText = compact ? 'sr-only' : 'text-sm font-medium';
  const box = compact
    ? 'flex min-w-0 flex-1 flex-wrap items-center gap-2'
    : `grid grid-cols-1 items-end gap-3 rounded-box border border-base-300 bg-base-100 p-4 ${scopes ? 'sm:grid-cols-[1fr_auto]' : ''}`;
  return (
    <search className={box}>
      <label className={compact ? 'min-w-40 flex-1' : 'flex flex-col gap-1'}>
        <span className={labelText}>Search</span>
        <input
          type="search"
          className={compact ? 'input input-sm w-full' : 'input w-full'}
          placeholder="Search by name"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
        />
      </label>
      {scopes && (
        <label className={compact ? '' : 'flex flex-col gap-1'}>
          <span className={labelText}>Look in</span>
          <select
            className={compact ? 'select select-sm' : 'select w-full'}
            value={scope}
            onChange={(event) => onScope(event.target.value as SearchScope)}
          >
            <option value="folder">This folder</option>
            <option value="all">All folders</option>
          </select>
        </label>
      )}
    </search>
  );
}
