import type { SessionData } from '@domain-broker/shared/api';
import { apiRequest } from '#portal/lib/api.ts';
import { useAction } from '#portal/lib/use-action.ts';

/** PATCH /verifyEmailByCode: verifies the address and answers a session. */
export function verifyEmailByCode(body: { email: string; verificationCode: string }) {
  return apiRequest<SessionData>('/verifyEmailByCode', { method: 'PATCH', body });
}

export function useVerifyEmailByCode() {
  return useAction(verifyEmailByCode);
}
