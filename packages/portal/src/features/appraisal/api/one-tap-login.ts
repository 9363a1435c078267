import type { SessionData } from '@domain-broker/shared/api';
import { apiRequest } from '#portal/lib/api.ts';

/** POST /oneTabLogin with the ID token of Google's one-tap prompt (offered to guests on this page). */
export function oneTapLogin(body: { credential: string; registrarUID?: string }) {
  return apiRequest<SessionData>('/oneTabLogin', { method: 'POST', body: { ...body, roleType: 'Buyer' } });
}
