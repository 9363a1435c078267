import type { BuyerRefundBody } from '@domain-broker/shared/schemas/checkout';
import type { Lead } from '@domain-broker/shared/schemas/leads';
import { apiRequest } from './api.ts';
import { replaceLead } from './leads.ts';
import { useAction } from './use-action.ts';

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

/**
 * The refund button's write, shared by the page after payment and the dashboard: the lighter
 * `useAction` (ADR 030), since the page after payment loads without TanStack Query
 * (docs/decisions/032-checkout-first-load.md). The refunded lead replaces the cached one.
 */
export function useRefundLead() {
  return useAction(async (leadUID: string) => {
    const refunded = await refundLead(leadUID);
    replaceLead(refunded.lead);
    return refunded;
  });
}
