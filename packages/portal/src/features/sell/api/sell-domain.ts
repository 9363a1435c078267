import type { SellDomainAnswer, SellDomainBodyInput } from '@domain-broker/shared/schemas/sell';
import { apiRequest } from '#portal/lib/api.ts';
import { captchaToken } from '#portal/lib/captcha.ts';
import { useWrite, type WriteOptions } from '#portal/lib/write.ts';

/** POST /api/sell-domain: the submission; field errors are the caller's. */
export function sellDomain(body: SellDomainBodyInput) {
  return apiRequest<SellDomainAnswer>('/sell-domain', { method: 'POST', body: { ...body }, handle: 'none' });
}

/** The submission with the captcha's answer when the deployment has one; the page reads the answer. */
export function useSellDomain(
  options: Pick<WriteOptions<SellDomainBodyInput, Awaited<ReturnType<typeof sellDomain>>>, 'onFailure'>,
) {
  return useWrite(async (body: SellDomainBodyInput) => {
    const botToken = await captchaToken();
    return sellDomain({ ...body, ...(botToken ? { botToken } : {}) });
  }, options);
}

/** POST /api/sell-domain/verify: the confirmation link's token. */
export function verifySellDomain(token: string) {
  return apiRequest('/sell-domain/verify', { method: 'POST', body: { token }, handle: 'none' });
}
