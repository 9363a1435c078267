import type { SellDomainAnswer, SellDomainBodyInput } from '@domain-broker/shared/schemas/sell';
import { apiRequest } from '#portal/lib/api.ts';

/** POST /api/sell-domain: the submission; field errors are the caller's. */
export function sellDomain(body: SellDomainBodyInput) {
  return apiRequest<SellDomainAnswer>('/sell-domain', { method: 'POST', body: { ...body }, handle: 'none' });
}

/** POST /api/sell-comment/{id}: the thank-you step's comment (never empty: A15). */
export function sellComment(id: string, comment: string) {
  return apiRequest(`/sell-comment/${encodeURIComponent(id)}`, { method: 'POST', body: { comment } });
}

/** POST /api/sell-domain/verify: the confirmation link's token. */
export function verifySellDomain(token: string) {
  return apiRequest('/sell-domain/verify', { method: 'POST', body: { token }, handle: 'none' });
}
