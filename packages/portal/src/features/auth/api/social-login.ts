import type { SessionData } from '@domain-broker/shared/api';
import { apiRequest } from '#portal/lib/api.ts';
import { useAction } from '#portal/lib/use-action.ts';

/** POST /socialLogin with a Google ID token: 200 signs in, 201 a new account (password mailed). */
export function socialLogin(body: { credential: string; roleType?: 'Buyer'; registrarUID?: string }) {
  return apiRequest<SessionData>('/socialLogin', { method: 'POST', body });
}

export function useSocialLogin() {
  return useAction(socialLogin);
}
