import type { Lead, UpdateLeadBody } from '@domain-broker/shared/schemas/leads';
import { apiRequest } from '#portal/lib/api.ts';
import { replaceLead } from '#portal/lib/leads.ts';
import { useAction } from '#portal/lib/use-action.ts';

/**
 * The lead as this page reads it: the broker's email and phone arrive only once the buyer has agreed
 * to the broker service terms (`brokerTermsAgreedAt`, decisions A16, B5); before that they are absent.
 */
export type AgentLead = Lead;

/** POST /leads/{id}/agreeBrokerTerms: records the agreement; the answer carries the broker's contact. */
export async function agreeBrokerTerms(leadUID: string): Promise<AgentLead> {
  const answer = await apiRequest<AgentLead>(`/leads/${encodeURIComponent(leadUID)}/agreeBrokerTerms`, {
    method: 'POST',
  });
  if (!answer.data) throw new Error('The agreement answer had no lead');
  return answer.data;
}

/**
 * The agreement from the broker card: the lead store takes the answer (the card then shows the contact).
 * The page after payment writes through the lighter recipe (ADR 030); a failure is the API client's toast.
 */
export function useAgreeBrokerTerms() {
  return useAction(async (leadUID: string) => replaceLead(await agreeBrokerTerms(leadUID)));
}

export interface ConsultantBadge {
  badgeName: string;
}

/** GET /getConsultantBadges/{consultantUID}: the broker's tiers (OG Domains, Platinum, Gold, Silver Buzz). */
export async function getConsultantBadges(consultantUID: string): Promise<ConsultantBadge[]> {
  const answer = await apiRequest<ConsultantBadge[]>(
    `/getConsultantBadges/${encodeURIComponent(consultantUID)}`,
    { handle: 'none' },
  );
  return Array.isArray(answer.data) ? answer.data : [];
}

/** The survey fields of PATCH /leads/{id} (decision B7: one all-or-nothing call). */
export type SurveyPayload = Pick<
  UpdateLeadBody,
  | 'questionsAny'
  | 'preferredContact'
  | 'preferText'
  | 'beSeen'
  | 'email'
  | 'phone'
  | 'isSurveyCompleted'
  | 'preferredTimeZone'
> & { preferredTime: string | null; deadLine: string | null; offerAmount?: string };

/** PATCH /leads/{id} with the survey: the server's message is the one the buyer sees. */
export async function saveSurvey(
  leadUID: string,
  body: SurveyPayload,
): Promise<{ lead: AgentLead; message: string | undefined }> {
  const answer = await apiRequest<AgentLead>(`/leads/${encodeURIComponent(leadUID)}`, {
    method: 'PATCH',
    body: body as Record<string, unknown>,
  });
  if (!answer.data) throw new Error('The survey answer had no lead');
  return { lead: answer.data, message: answer.message };
}

/**
 * The survey's save (the page after payment writes through useAction, ADR 030): resolves to the saved
 * lead and the server's message, or to null when it failed (the API client has shown why).
 */
export function useSaveSurvey() {
  return useAction(saveSurvey);
}
