import { useCallback, useRef, useState } from 'react';

/**
 * A one-shot server action (sign-in, sign-up, password reset): its pending flag and a `run` that
 * resolves to the answer, or to null when the call failed (the API client already reported it).
 * The account screens use this instead of TanStack Query mutations so /login stays within its
 * first-load budget; queries (the profile) still go through TanStack Query.
 */
export function useAction<A extends unknown[], R>(action: (...args: A) => Promise<R>) {
  const [pending, setPending] = useState(false);
  const actionRef = useRef(action);
  actionRef.current = action;
  const run = useCallback(async (...args: A): Promise<R | null> => {
    setPending(true);
    try {
      return await actionRef.current(...args);
    } catch {
      return null;
    } finally {
      setPending(false);
    }
  }, []);
  return { run, pending };
}
