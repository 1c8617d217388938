import type { ComponentType } from 'react';
import type { User } from '@cloudstash/contract';
import { AccountStatusSection } from './AccountStatusSection';
import { DeleteUserSection } from './DeleteUserSection';
import { ResetLinkSection } from './ResetLinkSection';
import { RoleSection } from './RoleSection';

/** Every administration section of a user's page, in order; a new one (e.g. storage quota) is one more entry. */
const SECTIONS: ComponentType<{ user: User }>[] = [
  AccountStatusSection,
  RoleSection,
  ResetLinkSection,
  DeleteUserSection,
];

export function UserAdminSections({ user }: { user: User }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {SECTIONS.map((Section, index) => (
        <Section key={index} user={user} />
      ))}
    </div>
  );
}
