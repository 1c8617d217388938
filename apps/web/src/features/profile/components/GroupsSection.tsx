import { memberCountText } from '../../../components/share/share-words';
import { SectionCard } from '../../../components/SectionCard';
import { ErrorState } from '../../../components/States';
import { useMyGroups } from '../api/groups';

/** The groups an administrator put the account in: what is shared with a group is shared with its members. */
export function GroupsSection() {
  const groups = useMyGroups();
  return (
    <SectionCard
      title="Groups"
      description="Files and folders shared with a group you are in show under Shared with me."
    >
      {groups.isPending && (
        <p role="status" className="text-sm text-base-content/80">
          Loading your groups…
        </p>
      )}
      {groups.isError && <ErrorState message="Failed to load your groups" />}
      {groups.data?.length === 0 && <p className="text-sm text-base-content/80">You are not in any group.</p>}
      {groups.data && groups.data.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Your groups">
          {groups.data.map((group) => (
            <li key={group._id} className="rounded-box bg-base-200 px-3 py-2">
              <p className="font-medium break-words">{group.name}</p>
              <p className="text-xs text-base-content/80">{memberCountText(group.memberCount)}</p>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
