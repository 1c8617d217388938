import { Link } from 'react-router';
import { MESSAGES, formatDate } from '@cloudstash/contract';
import { PageHeader } from '../../../components/PageHeader';
import { StatGrid, StatTile } from '../../../components/StatTile';
import { EmptyState } from '../../../components/States';
import { PagedListView } from '../../../components/PagedListView';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { userSearchUrl } from '../../../lib/list-state';
import { useUrlState } from '../../../lib/use-url-state';
import { useAdminUsers } from '../api/users';
import { useUsersSummary } from '../api/users-summary';
import { RoleBadge } from './RoleBadge';
import { Avatar } from '../../../components/Avatar';

/** /dashboard/admin/users */
export default function AdminUsersPage() {
  const [search, setSearch] = useUrlState(userSearchUrl);
  const q = useDebouncedValue(search.trim());
  const list = useAdminUsers(q);
  const { data: summary } = useUsersSummary();

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="User Management" subtitle="Every account on this CloudStash instance." />
      {summary && (
        <StatGrid label="User statistics">
          <StatTile label="Total Users" value={summary.totalUsers} />
          <StatTile label="Administrators" value={summary.admins} />
          <StatTile label="Regular Users" value={summary.regularUsers} />
        </StatGrid>
      )}
      <search>
        <label className="flex max-w-md flex-col gap-1">
          <span className="text-sm font-medium">Search users</span>
          <input
            type="search"
            className="input w-full"
            placeholder="Name or email"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </label>
      </search>
      <PagedListView
        list={list}
        loadingLabel="Loading users"
        failedMessage="Failed to load users"
        empty={<EmptyState message={MESSAGES.noUsers} />}
      >
        {(items) => (
          <>
            <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
              <table className="table table-zebra">
                <caption className="sr-only">Users</caption>
                <thead className="text-base-content">
                  <tr>
                    <th scope="col">User</th>
                    <th scope="col">Email</th>
                    <th scope="col">Role</th>
                    <th scope="col">Joined</th>
                    <th scope="col">Last Updated</th>
                    <th scope="col">View</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((user) => (
                    <tr key={user._id}>
                      <td>
                        <div className="flex items-center gap-3">
                          <Avatar name={user.name} size="sm" />
                          <span className="font-medium whitespace-nowrap">{user.name}</span>
                        </div>
                      </td>
                      <td className="whitespace-nowrap">{user.email}</td>
                      <td>
                        <RoleBadge role={user.role} />
                      </td>
                      <td className="whitespace-nowrap">{formatDate(user.createdAt)}</td>
                      <td className="whitespace-nowrap">{formatDate(user.updatedAt)}</td>
                      <td>
                        <Link
                          to={`/dashboard/admin/users/${user._id}`}
                          className="btn btn-xs btn-primary"
                          aria-label={`View ${user.name}`}
                        >
                          View
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </PagedListView>
    </div>
  );
}
