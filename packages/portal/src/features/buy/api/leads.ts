import type { Lead } from '@domain-broker/shared/schemas/leads';
import { type ApiAnswer, apiRequest } from '#portal/lib/api.ts';
import { withCaptcha } from '#portal/lib/captcha.ts';

/**
 * The buy flow's calls (docs/api.md "Leads and the checkout"; the bodies are the shared schemas' in
 * @domain-broker/shared/schemas/leads). Failures are the caller's: the form shows the server's message where
 * the visitor is looking.
 */

export interface CreateLeadInput {
  domainName: string;
  /** Dollars as the wire carries them ("1500"). */
  offerAmount: string;
  referrerURL: string;
  formName: string;
}

/** POST /leads: a lead at 500 USD or more (an unpaid lead of this buyer is edited in place, A12). */
export function createLead(body: CreateLeadInput): Promise<ApiAnswer<Lead>> {
  return apiRequest<Lead>('/leads', { method: 'POST', body: { ...body }, handle: 'page' });
}

/** GET /getMyLeads: newest first; the first is the current lead. */
export async function getMyLeads(): Promise<Lead[]> {
  const answer = await apiRequest<Lead[]>('/getMyLeads', { handle: 'none' });
  return Array.isArray(answer.data) ? answer.data : [];
}

export interface CloseLeadInput {
  domainName: string;
  offerAmount: string;
  referrerURL?: string;
  referralURL?: string;
  registrarUID?: string;
  formName?: string;
}

/** POST /createCloseLead: the direct enquiry (under 500 USD or no budget); answers the confirmation text. */
export async function createCloseLead(body: CloseLeadInput): Promise<ApiAnswer<unknown>> {
  return apiRequest<unknown>('/createCloseLead', {
    method: 'POST',
    body: await withCaptcha(body),
    handle: 'page',
  });
}

export interface LowBudgetMailInput {
  domainName: string;
  offerAmount: string;
  sourceFrom?: string;
  lowBudgetNote?: string;
  registrarUID?: string;
}

/** POST /sendLowBudgetMail: the one staff mail of the 'Insufficient Budget' window (A13). */
export async function sendLowBudgetMail(body: LowBudgetMailInput): Promise<ApiAnswer<unknown>> {
  return apiRequest<unknown>('/sendLowBudgetMail', {
    method: 'POST',
    body: await withCaptcha(body),
    handle: 'none',
  });
}
