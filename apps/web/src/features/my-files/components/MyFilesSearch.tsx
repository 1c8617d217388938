import type { SearchScope } from '../my-files-url';

interface MyFilesSearchProps {
  search: string;
  scope: SearchScope;
  onSearch: (search: string) => void;
  onScope: (scope: SearchScope) => void;
  /** Whether 'All folders' is offered: a shared folder's search stays inside it. */
  scopes?: boolean;
}

/** The search box the other lists have: file names, in the folder on screen or in every folder. */
export function MyFilesSearch({ search, scope, onSearch, onScope, scopes = true }: MyFilesSearchProps) {
  return (
    <search
      className={`grid grid-cols-1 items-end gap-3 rounded-box border border-base-300 bg-base-100 p-4 ${scopes ? 'sm:grid-cols-[1fr_auto]' : ''}`}
    >
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">Search</span>
        <input
          type="search"
          className="input w-full"
          placeholder="Search by name"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
        />
      </label>
      {scopes && (
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">Look in</span>
          <select
            className="select w-full"
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
