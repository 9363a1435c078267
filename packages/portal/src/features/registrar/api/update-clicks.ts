import { type ApiAnswer, apiRequest } from '#portal/lib/api.ts';

export interface ClickResult {
  recorded: boolean;
  lowBudget: boolean;
}

export interface ClickInput {
  registrarId: string;
  domainName: string;
  offerAmount?: number;
}

/**
 * POST /api/updateClicks/{registrarId}?dn={domainName}: one click per visitor, registrar, domain and day.
 * 200 records it; 203 means the visitor's budget is low (the low-budget window opens). The caller
 * handles failures (a click that cannot be recorded must not bother the visitor).
 */
export function updateClicks({
  registrarId,
  domainName,
  offerAmount,
}: ClickInput): Promise<ApiAnswer<ClickResult>> {
  return apiRequest<ClickResult>(`/updateClicks/${encodeURIComponent(registrarId)}`, {
    method: 'POST',
    query: { dn: domainName },
    body: offerAmount === undefined ? { domainName } : { domainName, offerAmount },
    handle: 'none',
  });
}
