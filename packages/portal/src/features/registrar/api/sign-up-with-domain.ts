import type { SessionData, VerificationNeeded } from '@domain-broker/shared/api';
import type { SignUpWithDomainBody } from '@domain-broker/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { type ApiAnswer, apiRequest } from '../../../lib/api.ts';

export type SignUpWithDomainAnswer = ApiAnswer<VerificationNeeded | SessionData>;

/**
 * POST /api/signUpWithDomain: the account and the domain enquiry in one call. 207: a code was mailed
 * (verification window); 203: the account exists (sign-in window); 201: a password was mailed.
 * Failures are the caller's: field errors go under their fields, the rest to the generic handler.
 */
export function signUpWithDomain(body: SignUpWithDomainBody): Promise<SignUpWithDomainAnswer> {
  return apiRequest<VerificationNeeded | SessionData>('/signUpWithDomain', {
    method: 'POST',
    body: { ...body },
    handle: 'none',
  });
}

export function useSignUpWithDomain() {
  return useMutation({ mutationFn: signUpWithDomain });
}
