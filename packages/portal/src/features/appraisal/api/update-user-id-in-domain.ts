import { apiRequest } from '#portal/lib/api.ts';

/**
 * PATCH /updateUserIDInDomain: after sign-in, the domains this browser appraised as a guest move to the
 * user (the server matches them by the `X-Device-Id` the client sends).
 */
export function updateUserIdInDomain(domainNames: string[]) {
  return apiRequest<{ attached: number }>('/updateUserIDInDomain', {
    method: 'PATCH',
    body: { domainNames },
    handle: 'page',
  });
}
