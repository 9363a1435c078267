import type { ContactBodyInput } from '@domain-broker/shared/schemas/contact';
import { apiRequest } from '#portal/lib/api.ts';

/**
 * POST /api/contact: the Contact Us request. The answer's message is the spec's 'Form Submitted, …';
 * failures are the caller's (field errors under their fields, the rest to the generic handler). A plain
 * call rather than a TanStack Query mutation, so the public page does not download the query library.
 */
export function sendContact(body: ContactBodyInput) {
  return apiRequest('/contact', { method: 'POST', body: { ...body }, handle: 'none' });
}
