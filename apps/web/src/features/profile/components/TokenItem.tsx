import { formatDate, type AccessToken } from '@cloudstash/contract';

const SCOPE_LABEL = { read: 'Read only', 'read-write': 'Read and write' } as const;

export function TokenItem({
  token,
  onRevoke,
}: {
  token: AccessToken;
  onRevoke: (token: AccessToken) => void;
}) {
  return (
    <li className="flex flex-col gap-2 rounded-box bg-base-200 p-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">
          {token.name}
          <span className="badge badge-outline badge-sm ml-2">{SCOPE_LABEL[token.scope]}</span>
        </p>
        <p className="text-sm text-base-content/80">
          Created {formatDate(token.createdAt)} · Expires{' '}
          {token.expiresAt ? formatDate(token.expiresAt) : 'never'} · Last used{' '}
          {token.lastUsedAt ? formatDate(token.lastUsedAt) : 'never'}
        </p>
      </div>
      <button
        type="button"
        className="btn btn-sm btn-outline btn-error self-start sm:self-center"
        onClick={() => onRevoke(token)}
        aria-label={`Revoke ${token.name}`}
      >
        Revoke
      </button>
    </li>
  );
}
