import { Link, useNavigate } from 'react-router';
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
  const navigate = useNavigate();
  // On a phone only User, Role and View fit: the email moves under the name and the dates hide.
  const wideOnly = 'hidden sm:table-cell';

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
                    <th scope="col" className={wideOnly}>
                      Email
                    </th>
                    <th scope="col">Role</th>
                    <th scope="col" className={wideOnly}>
                      Joined
                    </th>
                    <th scope="col" className={wideOnly}>
                      Last Updated
                    </th>
                    <th scope="col">View</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((user) => (
                    // A tap anywhere on the row opens the user; the View link stays for keyboards and readers.
                    <tr
                      key={user._id}
                      className="cursor-pointer hover:bg-base-200"
                      onClick={() => void navigate(`/dashboard/admin/users/${user._id}`)}
                    >
                      <td>
                        <div className="flex items-center gap-3">
                          <Avatar name={user.name} size="sm" />
                          <div className="min-w-0">
                            <span className="font-medium break-words sm:whitespace-nowrap">{user.name}</span>
                            <span className="block text-xs break-all text-base-content/80 sm:hidden">
                              {user.email}
                            </span>
                          </div>
                          {user.disabled && <span className="badge badge-error badge-sm">Disabled</span>}
                        </div>
                      </td>
                      <td className={`whitespace-nowrap ${wideOnly}`}>{user.email}</td>
                      <td>
                        <RoleBadge role={user.role} />
                      </td>
                      <td className={`whitespace-nowrap ${wideOnly}`}>{formatDate(user.createdAt)}</td>
                      <td className={`whitespace-nowrap ${wideOnly}`}>{formatDate(user.updatedAt)}</td>
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
