import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, errorText } from '../../lib/api.ts';
import { notifySuccess } from '../../lib/notify.ts';
import type { Written } from './api/broker.ts';
import { fieldText, successText } from './messages.ts';

/**
 * One write of an admin tab (promo codes, manual appraisals, categories): its pending flag, the
 * server's message when it failed (shown by the form or dialog that asked), the field messages, and on
 * success the server's success toast and the tab's list asked again.
 */
export function useTabWrite<I, T>(
  listKey: QueryKey,
  action: (input: I) => Promise<Written<T>>,
  options: { fallback: MessageDescriptor; onDone?: (data: T) => void },
) {
  const { i18n } = useLingui();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: action,
    onSuccess: (answer) => {
      notifySuccess(successText(i18n, answer.message, options.fallback));
      void client.invalidateQueries({ queryKey: listKey });
      options.onDone?.(answer.data);
    },
  });
  const fieldErrors: Record<string, string> = {};
  if (mutation.error instanceof ApiError) {
    for (const e of mutation.error.errors ?? []) {
      if (e.field) fieldErrors[e.field] ??= fieldText(i18n, e.message);
    }
  }
  return {
    run: (input: I) => mutation.mutate(input),
    pending: mutation.isPending,
    /** The failure, when it is not already shown beside a field. */
    error: mutation.error && Object.keys(fieldErrors).length === 0 ? errorText(mutation.error) : null,
    failure: mutation.error,
    fieldErrors,
    reset: mutation.reset,
  };
}
