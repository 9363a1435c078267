import type { SessionData, VerificationNeeded } from '@domain-broker/shared/api';
import type { LoginBody } from '@domain-broker/shared/schemas/auth';
import { apiRequest } from '#portal/lib/api.ts';
import { useAction } from '#portal/lib/use-action.ts';

/** POST /login: 200 signs in, 207 means the email must be verified first. */
export function login(body: LoginBody) {
  return apiRequest<SessionData | VerificationNeeded>('/login', { method: 'POST', body: { ...body } });
}

export function useLogin() {
  return useAction(login);
}
