import type { AppraisalAnswer } from '@domain-broker/shared/schemas/appraisal';
import { apiRequest } from '#portal/lib/api.ts';
import { useSession } from '#portal/lib/session.ts';

export interface AppraiseInput {
  domain: string;
  /** The captcha token (Turnstile), when the server has a site key; or the `token` query parameter. */
  botToken?: string | null;
}

/**
 * PUT /appraisalDetails/{domain}?userUID=: 200 is the record with today's `remaining` and `limit`; other
 * statuses are messages for the result area (the page handles them; 401/307/451 go to the shell).
 */
export async function appraise({ domain, botToken }: AppraiseInput) {
  const uid = useSession.getState().profile?.UID;
  return apiRequest<AppraisalAnswer>(`/appraisalDetails/${encodeURIComponent(domain)}`, {
    method: 'PUT',
    query: { userUID: useSession.getState().token ? uid : undefined },
    body: {
      referrerURL: typeof document !== 'undefined' && document.referrer ? document.referrer : null,
      botToken: botToken ?? null,
    },
    handle: 'page',
  });
}
