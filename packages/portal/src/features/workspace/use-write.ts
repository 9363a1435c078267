import type { BrokerLeadDetail } from '@domain-broker/shared/schemas/broker';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Written } from '#portal/lib/page-api.ts';
import { type ServerErrorTarget, useWrite } from '#portal/lib/write.ts';
import { successText } from './messages.ts';

export const leadKey = (id: string) => ['workspace', 'lead', id] as const;

export interface WriteOptions<T> {
  /** The success toast when the server's answer has no message of its own. */
  fallback: MessageDescriptor;
  /** What the success changes on screen: the queries to ask again or the data to redraw from. */
  refresh: (client: QueryClient, data: T) => void;
  /** The form that asked: the server's field messages go beside its fields instead of `error`. */
  form?: ServerErrorTarget | undefined;
  onDone?: (data: T) => void;
}

/**
 * A workspace write: the portal's one write hook (`lib/write.ts`) with the workspace's success texts
 * (the server's message, or `fallback`). Every tab and the lead page go through it (useTabWrite,
 * useLeadWrite).
 */
function useWorkspaceWrite<I, T>(action: (input: I) => Promise<Written<T>>, options: WriteOptions<T>) {
  const { i18n } = useLingui();
  return useWrite(action, {
    success: (answer) => successText(i18n, answer, options.fallback),
    refresh: (client, answer) => options.refresh(client, answer.data),
    form: options.form,
    onDone: options.onDone && ((answer) => options.onDone?.(answer.data)),
  });
}

/** A write of an admin tab (promo codes, manual appraisals, categories): the tab's list is asked again. */
export function useTabWrite<I, T>(
  listKey: QueryKey,
  action: (input: I) => Promise<Written<T>>,
  options: Omit<WriteOptions<T>, 'refresh'>,
) {
  return useWorkspaceWrite(action, {
    ...options,
    refresh: (client) => void client.invalidateQueries({ queryKey: listKey }),
  });
}

/**
 * An action on a lead: the lead page is redrawn from the answer (or asked again when the answer is not
 * the lead) and the list refreshed.
 */
export function useLeadWrite<I, T>(
  leadId: string,
  action: (input: I) => Promise<Written<T>>,
  options: Omit<WriteOptions<T>, 'refresh'> & { returnsLead: boolean },
) {
  return useWorkspaceWrite(action, {
    ...options,
    refresh: (client, data) => {
      if (options.returnsLead) client.setQueryData(leadKey(leadId), data as BrokerLeadDetail);
      else void client.invalidateQueries({ queryKey: leadKey(leadId) });
      void client.invalidateQueries({ queryKey: ['workspace', 'leads'] });
    },
  });
}
