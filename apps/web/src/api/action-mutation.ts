import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { messageOf } from './api-client';

interface ActionOptions<TVars, TAnswer> {
  mutationFn: (vars: TVars) => Promise<TAnswer>;
  /** Shown when the server gives no message of its own. */
  failedMessage: string;
  /** Refetched after success, so every screen showing them catches up. */
  invalidates?: QueryKey[];
  /**
   * Runs on success before the refetch, even if the component that started the change has unmounted by then
   * (a callback passed to mutate() would not): e.g. leaving the page of something just deleted.
   */
  onDone?: (answer: TAnswer) => void | Promise<void>;
}

/**
 * A change the user asked for: on success the server's message as a toast and the named data refetched; on
 * failure the server's message (or the fixed default) as a toast. Callers add their own per-call callbacks.
 */
export function useActionMutation<TVars, TAnswer extends { message?: string }>({
  mutationFn,
  failedMessage,
  invalidates = [],
  onDone,
}: ActionOptions<TVars, TAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (answer) => {
      if (answer.message) toast.success(answer.message);
      await onDone?.(answer);
      await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      toast.error(messageOf(error, failedMessage));
    },
  });
}
