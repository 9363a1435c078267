import type { ContactBodyInput } from '@domain-broker/shared/schemas/contact';
import { ApiError, apiRequest, handleApiError } from '#portal/lib/api.ts';
import { withCaptcha } from '#portal/lib/captcha.ts';
import { useAction } from '#portal/lib/use-action.ts';
import type { ServerErrorTarget } from '#portal/lib/write.ts';

/**
 * POST /api/contact: the Contact Us request. The answer's message is the spec's 'Form Submitted, …';
 * failures are the caller's (field errors under their fields, the rest to the generic handler). The
 * captcha's answer is added here when the deployment has one.
 */
export async function sendContact(body: Omit<ContactBodyInput, 'botToken'>) {
  return apiRequest('/contact', { method: 'POST', body: await withCaptcha(body), handle: 'none' });
}

/**
 * The send, through the lighter write of the first-load pages (`useAction`, ADR 030), so the public
 * page does not download the query library: field errors beside the form's fields, any other failure
 * to the generic handler.
 */
export function useSendContact(form: ServerErrorTarget) {
  return useAction(sendContact, {
    form,
    onFailure: (error) => {
      if (error instanceof ApiError) handleApiError(error);
    },
  });
}
