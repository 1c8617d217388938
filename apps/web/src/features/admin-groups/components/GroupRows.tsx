import { formatDate, type Group } from '@cloudstash/contract';
import { ResponsiveRows } from '../../../components/ResponsiveRows';
import { memberCountText } from '../../../components/share/share-words';

export interface GroupRowHandlers {
  onMembers: (group: Group) => void;
  onRename: (group: Group) => void;
  onDelete: (group: Group) => void;
}

const CAPTION = 'Groups';

function RowActions({ group, onMembers, onRename, onDelete }: { group: Group } & GroupRowHandlers) {
  return (
    <div className="flex flex-wrap justify-end gap-1">
      <button
        type="button"
        className="btn btn-xs btn-primary"
        onClick={() => onMembers(group)}
        aria-label={`Members of ${group.name}`}
      >
        Members
      </button>
      <button
        type="button"
        className="btn btn-xs btn-ghost"
        onClick={() => onRename(group)}
        aria-label={`Rename ${group.name}`}
      >
        Rename
      </button>
      <button
        type="button"
        className="btn btn-xs btn-error"
        onClick={() => onDelete(group)}
        aria-label={`Delete ${group.name}`}
      >
        Delete
      </button>
    </div>
  );
}

/** The instance's groups: a table on wide screens, a card each on phones (only one of the two is displayed). */
export function GroupRows({ groups, ...handlers }: { groups: Group[] } & GroupRowHandlers) {
  return (
    <ResponsiveRows
      items={groups}
      keyOf={(group) => group._id}
      caption={CAPTION}
      headings={['Name', 'Members', 'Created']}
      cells={(group) => (
        <>
          <td className="max-w-80 truncate font-medium" title={group.name}>
            {group.name}
          </td>
          <td className="whitespace-nowrap">{memberCountText(group.memberCount)}</td>
          <td className="whitespace-nowrap">{formatDate(group.createdAt)}</td>
          <td>
            <RowActions group={group} {...handlers} />
          </td>
        </>
      )}
      card={(group) => (
        <>
          <p className="truncate font-semibold" title={group.name}>
            {group.name}
          </p>
          <p className="text-sm text-base-content/80">
            {memberCountText(group.memberCount)} · created {formatDate(group.createdAt)}
          </p>
          <div className="mt-3">
            <RowActions group={group} {...handlers} />
          </div>
        </>
      )}
    />
  );
}
