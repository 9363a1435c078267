import type { SessionData, VerificationNeeded } from '@domain-broker/shared/api';
import type { SignupBody } from '@domain-broker/shared/schemas/auth';
import { apiRequest } from '#portal/lib/api.ts';
import { withCaptcha } from '#portal/lib/captcha.ts';
import { useAction } from '#portal/lib/use-action.ts';

/**
 * POST /signup: 207 code mailed, 203 account exists, 201 password mailed (no password given). Carries
 * the captcha's answer when the deployment has a captcha (decision A37).
 */
export async function signup(body: SignupBody) {
  return apiRequest<VerificationNeeded | SessionData>('/signup', {
    method: 'POST',
    body: await withCaptcha(body),
  });
}

export function useSignup() {
  return useAction(signup);
}
