import { useState, type FormEvent } from 'react';
import { LINK_MESSAGES } from '@cloudstash/contract';
import { ApiError } from '../../api/api-client';
import { PendingButton } from '../PendingButton';
import { TextField } from '../TextField';

/** The unlock request of one link: a mutation that sends the password (react-query's, or alike). */
export interface LinkUnlock {
  mutate: (password: string, options: { onError: (failure: Error) => void }) => void;
  isPending: boolean;
}

/**
 * Asks for a link's password before anything of it shows; wrong answers and the rate limit are said in words,
 * beside the field. Which link, and what unlocking reloads, is the caller's `unlock`.
 */
export function LinkUnlockForm({ unlock }: { unlock: LinkUnlock }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(LINK_MESSAGES.linkPasswordEmpty);
      return;
    }
    setError(undefined);
    unlock.mutate(password, {
      onError: (failure) =>
        setError(
          failure instanceof ApiError && failure.message ? failure.message : 'Could not check the password',
        ),
    });
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="card w-full max-w-md border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-3">
        <h1 className="card-title text-2xl">Password required</h1>
        <p className="text-base-content/80">{LINK_MESSAGES.linkPasswordRequired}. Enter it to continue.</p>
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="off"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={error}
          autoFocus
        />
        <PendingButton type="submit" className="btn-primary" pending={unlock.isPending}>
          Unlock
        </PendingButton>
      </div>
    </form>
  );
}
