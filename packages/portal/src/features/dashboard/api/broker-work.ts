import type { BuyerMessageBody, TimelineEntry } from '@domain-broker/shared/schemas/broker';
import type { Lead } from '@domain-broker/shared/schemas/leads';
import { apiRequest } from '#portal/lib/api.ts';

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
