import type { SessionData, VerificationNeeded } from '@domain-broker/shared/api';
import type { SignUpWithDomainBody } from '@domain-broker/shared/schemas/auth';
import { type ApiAnswer, apiRequest } from '#portal/lib/api.ts';
import { withCaptcha } from '#portal/lib/captcha.ts';
import { useWrite, type WriteOptions } from '#portal/lib/write.ts';

export type SignUpWithDomainAnswer = ApiAnswer<VerificationNeeded | SessionData>;

/**
 * POST /api/signUpWithDomain: the account and the domain enquiry in one call. 207: a code was mailed
 * (verification window); 203: the account exists (sign-in window); 201: a password was mailed.
 * Carries the captcha's answer when the deployment has a captcha (decision A37).
 * Failures are the caller's: field errors go under their fields, the rest to the generic handler.
 */
export async function signUpWithDomain(body: SignUpWithDomainBody): Promise<SignUpWithDomainAnswer> {
  return apiRequest<VerificationNeeded | SessionData>('/signUpWithDomain', {
    method: 'POST',
    body: await withCaptcha(body),
    handle: 'none',
  });
}

/** The enquiry: the page reads the answer (`runAsync`) and shows a failure itself (`onFailure`). */
export function useSignUpWithDomain(
  options: Pick<WriteOptions<SignUpWithDomainBody, SignUpWithDomainAnswer>, 'onFailure'>,
) {
  return useWrite(signUpWithDomain, options);
}
