import { useState } from 'react';
import type { AccessToken, CreatedAccessToken } from '@cloudstash/contract';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CopyField } from '../../../components/CopyField';
import { LoadMore } from '../../../components/LoadMore';
import { SectionCard } from '../../../components/SectionCard';
import { ErrorState, LoadingState } from '../../../components/States';
import { useRevokeToken, useTokens } from '../api/tokens';
import { CreateTokenForm } from './CreateTokenForm';
import { TokenItem } from './TokenItem';
import { WebDavAddress } from './WebDavAddress';

export function TokensSection() {
  const tokens = useTokens();
  const revoke = useRevokeToken();
  const [created, setCreated] = useState<CreatedAccessToken>();
  const [revoking, setRevoking] = useState<AccessToken>();

  return (
    <SectionCard
      title="Access tokens"
      description={
        <>
          For scripts and sync tools: send a token as <code>Authorization: Bearer &lt;token&gt;</code>. A read
          token can only look; a read-write token can change your files too.
        </>
      }
    >
      <WebDavAddress />
      <CreateTokenForm onCreated={setCreated} />
      {created && (
        <div className="flex flex-col gap-2 rounded-box border border-success p-3">
          <p role="status" className="font-medium">
            Copy the token “{created.name}” now: it is shown only once.
          </p>
          <CopyField label="New access token" value={created.token} what="Token" />
          <button
            type="button"
            className="btn btn-ghost btn-sm self-start"
            onClick={() => setCreated(undefined)}
          >
            Done
          </button>
        </div>
      )}
      {tokens.isPending && <LoadingState label="Loading access tokens" />}
      {tokens.failed && <ErrorState message="Failed to load access tokens" />}
      {!tokens.isPending && !tokens.failed && tokens.items.length === 0 && (
        <p className="text-base-content/80">No access tokens yet.</p>
      )}
      {tokens.items.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label="Access tokens">
          {tokens.items.map((token) => (
            <TokenItem key={token.id} token={token} onRevoke={setRevoking} />
          ))}
        </ul>
      )}
      <LoadMore
        hasNextPage={tokens.hasNextPage}
        isFetchingNextPage={tokens.isFetchingNextPage}
        onLoadMore={tokens.fetchNextPage}
      />
      <ConfirmDialog
        open={Boolean(revoking)}
        title="Revoke access token"
        message={`Revoke “${revoking?.name ?? ''}”? Scripts using it stop working at once.`}
        confirmLabel="Revoke"
        pending={revoke.isPending}
        onCancel={() => setRevoking(undefined)}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSettled: () => setRevoking(undefined) })}
      />
    </SectionCard>
  );
}
