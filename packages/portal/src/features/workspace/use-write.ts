import type { BrokerLeadDetail } from '@domain-broker/shared/schemas/broker';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, errorText } from '../../lib/api.ts';
import { notifySuccess } from '../../lib/notify.ts';
import type { Written } from './api/broker.ts';
import { fieldText, successText } from './messages.ts';

export const leadKey = (id: string) => ['workspace', 'lead', id] as const;

/**
 * One action on a lead: its pending flag, the server's message when it failed (shown where the action
 * is), and on success the server's success toast, the lead page redrawn from the answer (or asked
 * again when the answer is not the lead) and the list refreshed.
 */
export function useLeadWrite<I, T>(
  leadId: string,
  action: (input: I) => Promise<Written<T>>,
  options: { returnsLead: boolean; fallback: MessageDescriptor; onDone?: (data: T) => void },
) {
  const { i18n } = useLingui();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: action,
    onSuccess: (answer) => {
      notifySuccess(successText(i18n, answer.message, options.fallback));
      if (options.returnsLead) client.setQueryData(leadKey(leadId), answer.data as BrokerLeadDetail);
      else void client.invalidateQueries({ queryKey: leadKey(leadId) });
      void client.invalidateQueries({ queryKey: ['workspace', 'leads'] });
      options.onDone?.(answer.data);
    },
  });
  const error = mutation.error ? errorText(mutation.error) : null;
  const fieldErrors: Record<string, string> = {};
  if (mutation.error instanceof ApiError) {
    for (const e of mutation.error.errors ?? []) {
      if (e.field) fieldErrors[e.field] = fieldText(i18n, e.message);
    }
  }
  return {
    run: (input: I) => mutation.mutate(input),
    pending: mutation.isPending,
    error,
    fieldErrors,
    reset: mutation.reset,
  };
}
