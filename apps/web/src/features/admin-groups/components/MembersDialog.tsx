import { useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Group } from '@cloudstash/contract';
import { Avatar } from '../../../components/Avatar';
import { Dialog } from '../../../components/ConfirmDialog';
import { SearchCombobox, type ComboOption } from '../../../components/SearchCombobox';
import { ErrorState } from '../../../components/States';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { adminGroupOptions, memberCandidatesOptions, useSetMembers } from '../api/groups';

interface MembersDialogProps {
  /** The group whose members are edited; null while the dialog is closed. */
  group: Group | null;
  onClose: () => void;
}

/** A group's members: find accounts by name or email to add, Remove beside each member. Each change is saved at once. */
export function MembersDialog({ group, onClose }: MembersDialogProps) {
  return (
    <Dialog
      open={group !== null}
      title={group ? `Members of ${group.name}` : 'Members'}
      onClose={onClose}
      actions={
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Done
        </button>
      }
    >
      {/* Keyed by group: each opening starts with an empty search. */}
      {group && <MembersEditor key={group._id} group={group} />}
    </Dialog>
  );
}

function MembersEditor({ group }: { group: Group }) {
  const details = useQuery(adminGroupOptions(group._id));
  const setMembers = useSetMembers(group._id);
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim());
  const candidates = useQuery(memberCandidatesOptions(q));
  const searchField = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const members = details.data?.members ?? [];
  const memberIds = members.map((member) => member._id);
  const options: ComboOption[] = (candidates.data ?? [])
    .filter((account) => !memberIds.includes(account._id))
    .map((account) => ({
      key: account._id,
      label: account.name,
      detail: account.email,
      section: 'Accounts',
    }));
  const settled = q !== '' && q === text.trim() && !candidates.isFetching;

  // The whole list is sent each time, built from the members the server last answered with.
  const save = (next: string[]) => {
    if (setMembers.isPending) return;
    setMembers.mutate(next, {
      onSuccess: () => {
        setText('');
        searchField.current?.focus();
      },
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <div>
        <SearchCombobox
          label="Add a member"
          placeholder="Name or email"
          value={text}
          onChange={setText}
          options={options}
          onPick={(option) => save([...memberIds, option.key])}
          disabled={!details.data}
          inputRef={searchField}
        />
        <p aria-live="polite" className="text-sm break-words">
          {settled &&
            options.length === 0 &&
            `No account matches “${text.trim()}” that is not a member already.`}
        </p>
      </div>
      <section aria-labelledby={headingId} className="flex flex-col gap-2">
        <h3 id={headingId} className="font-semibold">
          Members{details.data ? ` (${members.length})` : ''}
        </h3>
        {details.isPending && (
          <p role="status" className="text-sm text-base-content/80">
            Loading members…
          </p>
        )}
        {details.isError && <ErrorState message="Failed to load the members" />}
        {details.data && members.length === 0 && (
          <p className="text-sm text-base-content/80">No members yet.</p>
        )}
        {members.length > 0 && (
          <ul aria-label="Members" className="flex flex-col divide-y divide-base-300">
            {members.map((member) => (
              <li key={member._id} className="flex items-center gap-3 py-2">
                <Avatar name={member.name} size="sm" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium" title={member.name}>
                    {member.name}
                  </p>
                  <p className="truncate text-xs text-base-content/80" title={member.email}>
                    {member.email}
                  </p>
                </div>
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  disabled={setMembers.isPending}
                  onClick={() => save(memberIds.filter((id) => id !== member._id))}
                  aria-label={`Remove ${member.name} from ${group.name}`}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
