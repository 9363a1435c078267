/**
 * The Promo Code tab's calls (packages/server/src/modules/promo/routes.ts): staff list and generate
 * codes, an admin deletes one. Failures are shown by the tab (`handle: 'page'`).
 */
import type { PromoCode, PromoCodeList } from '@domain-broker/shared/schemas/checkout';
import { pageData, pageWrite } from '#portal/lib/page-api.ts';

export const PROMO_PAGE_SIZE = 10;

export async function listPromoCodes(page: number): Promise<PromoCodeList> {
  return pageData<PromoCodeList>('/promoCode', { page, pageLimit: PROMO_PAGE_SIZE });
}

/** What the generate form sends: the offer is always 100; `validThru` a yyyy-mm-dd day. */
export interface GeneratePromoInput {
  code: string;
  reUsableCount: number;
  validThru: string;
}

export const generatePromo = (input: GeneratePromoInput) =>
  pageWrite<PromoCode>('POST', '/generatePromo', { ...input, offerPercent: 100 });

export const deletePromoCode = (id: string) => pageWrite('DELETE', `/promoCode/${encodeURIComponent(id)}`);
