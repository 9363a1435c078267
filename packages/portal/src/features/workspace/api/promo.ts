/**
 * The Promo Code tab's calls (packages/server/src/modules/promo/routes.ts): staff list and generate
 * codes, an admin deletes one. Failures are shown by the tab (`handle: 'page'`).
 */
import type { PromoCode, PromoCodeList } from '@domain-broker/shared/schemas/checkout';
import { apiRequest } from '../../../lib/api.ts';
import type { Written } from './broker.ts';

export const PROMO_PAGE_SIZE = 10;

export async function listPromoCodes(page: number): Promise<PromoCodeList> {
  const answer = await apiRequest<PromoCodeList>('/promoCode', {
    query: { page, pageLimit: PROMO_PAGE_SIZE },
    handle: 'page',
  });
  if (!answer.data) throw new Error('The answer had no data');
  return answer.data;
}

/** What the generate form sends: the offer is always 100; `validThru` a yyyy-mm-dd day. */
export interface GeneratePromoInput {
  code: string;
  reUsableCount: number;
  validThru: string;
}

export async function generatePromo(input: GeneratePromoInput): Promise<Written<PromoCode | undefined>> {
  const answer = await apiRequest<PromoCode>('/generatePromo', {
    method: 'POST',
    body: { ...input, offerPercent: 100 },
    handle: 'page',
  });
  return { message: answer.message, data: answer.data };
}

export async function deletePromoCode(id: string): Promise<Written<undefined>> {
  const answer = await apiRequest(`/promoCode/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    handle: 'page',
  });
  return { message: answer.message, data: undefined };
}
