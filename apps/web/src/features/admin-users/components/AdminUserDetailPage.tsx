import { Link, useParams } from 'react-router';
import { MESSAGES, formatDate } from '@cloudstash/contract';
import { OwnerTotals } from '../../../components/OwnerTotals';
import { EmptyState, LoadingState } from '../../../components/States';
import { FileList } from '../../../components/FileList';
import { ADMIN_COLUMNS } from '../../../components/file-columns';
import { nextSort, sortOnlyUrl } from '../../../lib/list-state';
import { useUrlState } from '../../../lib/use-url-state';
import { useAdminUserStats } from '../api/user-stats';
import { useAdminUserFiles } from '../api/user-files';
import { QuotaControl } from './QuotaControl';
import { RoleBadge } from './RoleBadge';
import { Avatar } from '../../../components/Avatar';
import { UserAdminSections } from './UserAdminSections';

/** /dashboard/admin/users/{userId}: one account, its totals, its administration and its files. */
export default function AdminUserDetailPage() {
  const { userId = '' } = useParams();
  const { data: stats, isPending } = useAdminUserStats(userId);
  const [sort, setSort] = useUrlState(sortOnlyUrl);
  const files = useAdminUserFiles(userId, sort);

  const back = (
    <Link to="/dashboard/admin/users" className="btn btn-ghost btn-sm self-start">
      <span aria-hidden="true">←</span> Back to users
    </Link>
  );
  if (isPending) return <LoadingState label="Loading user" />;
  // An unknown id and a failed read both leave nothing to show about the user.
  if (!stats) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <h1 className="sr-only">User details</h1>
        <EmptyState message={MESSAGES.userNotFound} />
      </div>
    );
  }
  const { user } = stats;

  return (
    <div className="flex flex-col gap-6">
      {back}
      <section aria-label="User information" className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body flex-col gap-4 sm:flex-row sm:items-center">
          <Avatar name={user.name} size="lg" />
          <div className="min-w-0 flex-1">
            <h1 className="text-2xl font-bold break-words">{user.name}</h1>
            <p className="break-all text-base-content/80">{user.email}</p>
            <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-base-content/80">
              <RoleBadge role={user.role} />
              {user.disabled && <span className="badge badge-error badge-sm">Disabled</span>}
              <span>Joined {formatDate(user.createdAt)}</span>
              <span>Last updated {formatDate(user.updatedAt)}</span>
            </div>
          </div>
        </div>
      </section>
      <OwnerTotals stats={stats} label="Storage of this user" />
      <QuotaControl userId={user._id} usedBytes={stats.totalStorageUsed} quotaBytes={stats.quotaBytes} />
      <UserAdminSections user={user} />
      <section aria-labelledby="user-files" className="flex flex-col gap-3">
        <h2 id="user-files" className="text-xl font-semibold">
          Files of {user.name}
        </h2>
        <FileList
          list={files}
          sort={sort}
          onSort={(column) => setSort((current) => nextSort(current, column))}
          caption={`Files of ${user.name}`}
          columns={ADMIN_COLUMNS}
          loadingLabel="Loading files"
          failedMessage={MESSAGES.filesLoadFailed}
          empty={<EmptyState message={MESSAGES.noFiles} />}
        />
      </section>
    </div>
  );
}
