import type { Lead } from '@domain-broker/shared/schemas/leads';
import { useLingui } from '@lingui/react/macro';
import { type ApiAnswer, apiRequest } from '#portal/lib/api.ts';
import { replaceLead } from '#portal/lib/leads.ts';
import { useWrite, type WriteOptions } from '#portal/lib/write.ts';
import { alternatesText } from '../utils/messages.ts';

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
export interface AlternatesBody {
  leadUID: string;
  opportunities: AlternateInput[];
  termsAgreed: boolean;
  interestIn?: string;
}

export function saveAlternates(body: AlternatesBody): Promise<ApiAnswer<Lead>> {
  return apiRequest<Lead>('/createOrUpdateOpportunities', {
    method: 'POST',
    body: { ...body },
    handle: 'page',
  });
}

/** The save: the buyer's leads redrawn from the answer and the server's message as the toast. */
export function useSaveAlternates(
  options: Pick<WriteOptions<AlternatesBody, ApiAnswer<Lead>>, 'onDone' | 'onFailure'>,
) {
  const { i18n } = useLingui();
  return useWrite(saveAlternates, {
    success: (answer) => alternatesText(answer, i18n),
    refresh: (_client, answer) => {
      if (answer.data) replaceLead(answer.data);
    },
    ...options,
  });
}
