import type { VerificationNeeded } from '@domain-broker/shared/api';
import { apiRequest } from '#portal/lib/api.ts';
import { useAction } from '#portal/lib/use-action.ts';

/** POST /sendVerificationCode: mails a new code. */
export function sendVerificationCode(email: string) {
  return apiRequest<VerificationNeeded>('/sendVerificationCode', { method: 'POST', body: { email } });
}

export function useSendVerificationCode() {
  return useAction(sendVerificationCode);
}
