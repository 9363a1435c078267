import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, errorText } from './api.ts';
import { notifySuccess } from './notify.ts';

/** The form that asked for a write: the server's field messages go beside its fields. */
export interface ServerErrorTarget {
  /** True when one of the messages names a field of the form (it is then shown there). */
  setServerErrors: (errors: ReadonlyArray<{ field: string; message: string }> | undefined) => boolean;
}

export interface WriteOptions<I, R> {
  /** The success toast for the answer (the server's message, translated); none when it gives nothing. */
  success?: ((answer: R, input: I) => string | null | undefined) | undefined;
  /** What the success changes on screen: the queries to ask again or the data to redraw from. */
  refresh?: ((client: QueryClient, answer: R, input: I) => unknown) | undefined;
  /** The form that asked: the server's field messages go beside its fields instead of `error`. */
  form?: ServerErrorTarget | undefined;
  /** After the toast and the refresh (closing a dialog, moving on). */
  onDone?: ((answer: R, input: I) => void) | undefined;
  /** After a failure, once the form has its field messages (a page that shows it in its own way). */
  onFailure?: ((error: unknown, input: I) => void) | undefined;
}

/**
 * The portal's one way to write (docs/architecture.md "A new screen"): a TanStack Query mutation with
 * its pending flag; on success the toast, the screen refreshed and `onDone`; on failure the server's
 * field messages beside the fields of the form that asked, and `error` (the text to show) when no field
 * owns the failure. Each write is a hook in `features/<feature>/api/<verb>.ts` built on this one. The
 * API client has already reported the failure as the
 * call's `handle` says (a toast for the default `shell`).
 */
export function useWrite<I, R>(action: (input: I) => Promise<R>, options: WriteOptions<I, R> = {}) {
  const client = useQueryClient();
  const [byField, setByField] = useState(false);
  const mutation = useMutation({
    mutationFn: action,
    onMutate: () => setByField(false),
    onSuccess: async (answer, input) => {
      const text = options.success?.(answer, input);
      if (text) notifySuccess(text);
      // a refresh that returns its promise keeps the write pending until the screen is redrawn
      await options.refresh?.(client, answer, input);
      options.onDone?.(answer, input);
    },
    onError: (error, input) => {
      if (error instanceof ApiError && options.form?.setServerErrors(error.errors)) setByField(true);
      options.onFailure?.(error, input);
    },
  });
  return {
    /** Starts the write; the outcome arrives through the options. */
    run: (input: I) => mutation.mutate(input),
    /** Starts the write and resolves to the answer, or to null when it failed (already reported). */
    runAsync: (input: I): Promise<R | null> => mutation.mutateAsync(input).catch(() => null),
    pending: mutation.isPending,
    /** The failure, when it is not already shown beside a field. */
    error: mutation.error && !byField ? errorText(mutation.error) : null,
    failure: mutation.error,
    /** The answer of the last successful write. */
    data: mutation.data,
    /** What the write on its way (or the last one) was given: which row's button is busy. */
    input: mutation.variables,
    reset: mutation.reset,
  };
}
