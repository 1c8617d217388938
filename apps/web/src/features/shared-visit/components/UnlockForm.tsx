import { useState, type FormEvent } from 'react';
import { LINK_MESSAGES } from '@cloudstash/contract';
import { PendingButton } from '../../../components/PendingButton';
import { TextField } from '../../../components/TextField';
import { ApiError } from '../../../api/api-client';
import { useUnlock } from '../api/shared';

/** Asks for a link's password; wrong answers and the rate limit are said in words, beside the field. */
export function UnlockForm({ token }: { token: string }) {
  const unlock = useUnlock(token);
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
