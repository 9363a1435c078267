import type { BuyerRefundBody } from '@domain-broker/shared/schemas/checkout';
import type { Lead } from '@domain-broker/shared/schemas/leads';
import { apiRequest } from './api.ts';

/** POST /leads/{id}/refund: the buyer's refund of a purchase made in error (decision A31). */
export async function refundLead(
  leadUID: string,
  reason?: string,
): Promise<{ lead: Lead; message?: string }> {
  const answer = await apiRequest<Lead>(`/leads/${encodeURIComponent(leadUID)}/refund`, {
    method: 'POST',
    body: (reason ? { reason } : {}) satisfies BuyerRefundBody,
  });
  if (!answer.data) throw new Error('The refund answer had no lead');
  return { lead: answer.data, message: answer.message };
}
