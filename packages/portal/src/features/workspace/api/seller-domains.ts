/**
 * The Sell Domains tab's calls (packages/server/src/modules/selling/admin-routes.ts): the seller
 * domains, 10 a page, and an admin's premium flag per row. Failures are shown by the tab.
 */
import type { SellerDomainList, SellerDomainRow } from '@domain-broker/shared/schemas/seller-domains';
import { apiRequest } from '../../../lib/api.ts';
import type { Written } from './broker.ts';

export async function listSellerDomains(params: {
  page: number;
  search?: string;
}): Promise<SellerDomainList> {
  const answer = await apiRequest<SellerDomainList>('/sellerDomainList', {
    query: { page: params.page, ...(params.search ? { search: params.search } : {}) },
    handle: 'page',
  });
  if (!answer.data) throw new Error('The answer had no data');
  return answer.data;
}

export async function setSellerDomainPremium(input: {
  id: string;
  premium: boolean;
}): Promise<Written<SellerDomainRow | undefined>> {
  const answer = await apiRequest<SellerDomainRow>(`/sellerDomain/${encodeURIComponent(input.id)}`, {
    method: 'PATCH',
    body: { premium: input.premium },
    handle: 'page',
  });
  return { message: answer.message, data: answer.data };
}
