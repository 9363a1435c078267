import { useCallback, useRef, useState } from 'react';
import { ApiError } from './api.ts';
import type { ServerErrorTarget } from './write.ts';

export interface ActionOptions {
  /** The form that asked: the server's field messages go beside its fields. */
  form?: ServerErrorTarget | undefined;
  /** A failure no field of `form` owns (a call made with `handle: 'none'` reports it here). */
  onFailure?: ((error: unknown) => void) | undefined;
}

/**
 * The lighter write of the first-load pages that do not load TanStack Query (ADR 030 names them: the
 * account screens and Contact Us): its pending flag and a `run` that resolves to the answer, or to null
 * when the call failed (the API client, or `onFailure`, has reported it). Like the one write hook
 * (`lib/write.ts`) it is wrapped by a `use<Verb>()` beside its fetcher in `features/<feature>/api/`,
 * e.g. `features/auth/api/login.ts`; every other screen writes through `useWrite`.
 */
export function useAction<A extends unknown[], R>(
  action: (...args: A) => Promise<R>,
  options: ActionOptions = {},
) {
  const [pending, setPending] = useState(false);
  const actionRef = useRef(action);
  actionRef.current = action;
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const run = useCallback(async (...args: A): Promise<R | null> => {
    setPending(true);
    try {
      return await actionRef.current(...args);
    } catch (error) {
      const { form, onFailure } = optionsRef.current;
      if (!(error instanceof ApiError && form?.setServerErrors(error.errors))) onFailure?.(error);
      return null;
    } finally {
      setPending(false);
    }
  }, []);
  return { run, pending };
}
