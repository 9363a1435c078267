import type { BuyerMessageBody, TimelineEntry } from '@domain-broker/shared/schemas/broker';
import type { Lead } from '@domain-broker/shared/schemas/leads';
import { useLingui } from '@lingui/react/macro';
import { apiRequest } from '#portal/lib/api.ts';
import { loadMyLeads, replaceLead } from '#portal/lib/leads.ts';
import { useWrite, type WriteOptions } from '#portal/lib/write.ts';

/** POST /leads/{id}/messages: the buyer's reply to their broker (it joins the lead's timeline). */
export async function sendBrokerMessage(leadUID: string, message: string): Promise<TimelineEntry> {
  const answer = await apiRequest<TimelineEntry>(`/leads/${encodeURIComponent(leadUID)}/messages`, {
    method: 'POST',
    body: { message } satisfies BuyerMessageBody,
  });
  if (!answer.data) throw new Error('The message answer had no entry');
  return answer.data;
}

/** POST /leads/{id}/stopService: the buyer stops the brokerage service (packages/shared/src/agreement.ts). */
export async function stopService(leadUID: string): Promise<Lead> {
  const answer = await apiRequest<Lead>(`/leads/${encodeURIComponent(leadUID)}/stopService`, {
    method: 'POST',
    body: {},
  });
  if (!answer.data) throw new Error('The answer had no lead');
  return answer.data;
}

/** The reply: the toast, then the buyer's leads asked again (the reply joins the timeline). */
export function useSendBrokerMessage(
  leadUID: string,
  options: Pick<WriteOptions<string, TimelineEntry>, 'form' | 'onDone'>,
) {
  const { t } = useLingui();
  return useWrite((message: string) => sendBrokerMessage(leadUID, message), {
    success: () => t`Message sent to your broker`,
    refresh: () => loadMyLeads(),
    ...options,
  });
}

/** The stop: the lead redrawn from the answer, then the toast. */
export function useStopService(leadUID: string, onDone: () => void) {
  const { t } = useLingui();
  return useWrite(() => stopService(leadUID), {
    refresh: (_client, lead) => replaceLead(lead),
    success: () => t`Your request to stop the service is recorded`,
    onDone,
  });
}
