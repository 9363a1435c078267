import type { Lead } from '@domain-broker/shared/schemas/leads';
import { type ApiAnswer, apiRequest } from '#portal/lib/api.ts';

/** One row of the alternates panel as the wire carries it: dollars as typed ("1500"), '' for none. */
export interface AlternateInput {
  domainName: string;
  offerAmount: string;
}

/**
 * POST /createOrUpdateOpportunities (docs/api.md "Alternate domains"): adds alternate domains to the
 * buyer's paid lead; answers the lead with its alternates. The panel shows every refusal where the
 * buyer is looking (the shell keeps 401, 307 and 451).
 */
export function saveAlternates(body: {
  leadUID: string;
  opportunities: AlternateInput[];
  termsAgreed: boolean;
  interestIn?: string;
}): Promise<ApiAnswer<Lead>> {
  return apiRequest<Lead>('/createOrUpdateOpportunities', {
    method: 'POST',
    body: { ...body },
    handle: 'page',
  });
}
