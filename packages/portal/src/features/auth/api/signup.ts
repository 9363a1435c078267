import type { SessionData, VerificationNeeded } from '@domain-broker/shared/api';
import type { SignupBody } from '@domain-broker/shared/schemas/auth';
import { apiRequest } from '../../../lib/api.ts';
import { useAction } from '../../../lib/use-action.ts';

/** POST /signup: 207 code mailed, 203 account exists, 201 password mailed (no password given). */
export function signup(body: SignupBody) {
  return apiRequest<VerificationNeeded | SessionData>('/signup', { method: 'POST', body: { ...body } });
}

export function useSignup() {
  return useAction(signup);
}
