/**
 * The Sell Domains tab's calls (packages/server/src/modules/selling/admin-routes.ts): the seller
 * domains, 10 a page, and an admin's premium flag per row. Failures are shown by the tab.
 */
import type { SellerDomainList, SellerDomainRow } from '@domain-broker/shared/schemas/seller-domains';
import { pageData, pageWrite } from '#portal/lib/page-api.ts';

export async function listSellerDomains(params: {
  page: number;
  search?: string;
}): Promise<SellerDomainList> {
  return pageData<SellerDomainList>('/sellerDomainList', {
    page: params.page,
    search: params.search || undefined,
  });
}

export const setSellerDomainPremium = (input: { id: string; premium: boolean }) =>
  pageWrite<SellerDomainRow>('PATCH', `/sellerDomain/${encodeURIComponent(input.id)}`, {
    premium: input.premium,
  });
