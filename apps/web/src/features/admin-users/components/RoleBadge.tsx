import type { Role } from '@cloudstash/contract';

export function RoleBadge({ role }: { role: Role }) {
  return role === 'admin' ? (
    <span className="badge badge-secondary badge-sm whitespace-nowrap">Administrator</span>
  ) : (
    <span className="badge badge-primary badge-sm whitespace-nowrap">Standard User</span>
  );
}
