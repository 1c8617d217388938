import { useQuery } from '@tanstack/react-query';
import type { Group, SharePerson } from '@cloudstash/contract';
import { shareGroupsOptions, sharePeopleOptions, type GranteeRef } from '../../api/shares';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import type { ComboOption } from '../SearchCombobox';
import { memberCountText } from './share-words';

/** A search result the Share dialog can share with. */
export interface GranteeOption extends ComboOption {
  /** The account's or group's id. */
  granteeId: string;
  ref: GranteeRef;
}

const personOption = (person: SharePerson): GranteeOption => ({
  key: `user:${person._id}`,
  label: person.name,
  detail: person.email,
  section: 'People',
  granteeId: person._id,
  ref: { userId: person._id },
});

const groupOption = (group: Group): GranteeOption => ({
  key: `group:${group._id}`,
  label: group.name,
  detail: `Group · ${memberCountText(group.memberCount)}`,
  section: 'Groups',
  granteeId: group._id,
  ref: { groupId: group._id },
});

/**
 * People and groups matching what was typed, asked for once typing pauses, people first. `excluded` holds the
 * ids of those who already have access, left out since sharing with them again would change nothing.
 * `settled` is true once both answers for the text on screen are in: only then does "no match" mean something.
 */
export function useGranteeSearch(text: string, excluded: ReadonlySet<string>) {
  const q = useDebouncedValue(text.trim());
  const people = useQuery(sharePeopleOptions(q));
  const groups = useQuery(shareGroupsOptions(q));
  const found = [...(people.data ?? []).map(personOption), ...(groups.data ?? []).map(groupOption)];
  const options = found.filter((option) => !excluded.has(option.granteeId));
  const settled = q !== '' && q === text.trim() && !people.isFetching && !groups.isFetching;
  /** Something matched, but everyone it matched has access already. */
  const allHaveAccess = found.length > 0 && options.length === 0;
  return { options, settled, allHaveAccess };
}
