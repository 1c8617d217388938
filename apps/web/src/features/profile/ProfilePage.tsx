import { MESSAGES, formatDate } from '@cloudstash/contract';
import { ErrorState, LoadingState } from '../../components/States';
import { useCurrentUser } from '../../api/session';
import { Avatar } from '../../components/Avatar';
import { DeleteAccountSection } from './components/DeleteAccountSection';
import { GroupsSection } from './components/GroupsSection';
import { NameSection } from './components/NameSection';
import { PasswordSection } from './components/PasswordSection';
import { SessionsSection } from './components/SessionsSection';
import { TokensSection } from './components/TokensSection';
import { TwoFactorSection } from './components/TwoFactorSection';

const ROLE_LABEL = { admin: 'Administrator', user: 'Standard User' } as const;

/** /dashboard (index): who is signed in, then everything they can change about their account. */
export default function ProfilePage() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <LoadingState />;
  if (!user) return <ErrorState message={MESSAGES.userLoadFailed} />;
  const roleLabel = ROLE_LABEL[user.role];
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">Profile</h1>
      <section aria-label="Account" className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body items-center gap-4 text-center sm:flex-row sm:text-left">
          <Avatar name={user.name} size="xl" />
          <div className="min-w-0 flex-1">
            <h2 className="text-2xl font-bold break-words">{user.name}</h2>
            <p className="break-all text-base-content/80">{user.email}</p>
            <span className={`badge mt-2 ${user.role === 'admin' ? 'badge-secondary' : 'badge-primary'}`}>
              {roleLabel}
            </span>
          </div>
        </div>
      </section>
      <section
        aria-labelledby="account-details"
        className="card border border-base-300 bg-base-100 shadow-sm"
      >
        <div className="card-body">
          <h2 id="account-details" className="card-title">
            Account Details
          </h2>
          <dl className="grid gap-4 sm:grid-cols-2">
            <Detail label="Name" value={user.name} />
            <Detail label="Email" value={user.email} />
            <Detail label="Account Type" value={roleLabel} />
            <Detail label="Member Since" value={formatDate(user.createdAt)} />
          </dl>
        </div>
      </section>
      <GroupsSection />
      <NameSection key={user.name} user={user} />
      <PasswordSection />
      <SessionsSection />
      <TwoFactorSection />
      <TokensSection />
      <DeleteAccountSection user={user} />
    </div>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-box bg-base-200 p-4">
      <dt className="text-sm text-base-content/70">{label}</dt>
      <dd className="font-medium break-all">{value}</dd>
    </div>
  );
}
