import type { UnsubscribeBodyInput } from '@domain-broker/shared/schemas/unsubscribe';
import { apiRequest } from '#portal/lib/api.ts';

/** PATCH /api/unsubscribeEmail; a refused token is shown by the page. */
export function unsubscribeEmail(body: UnsubscribeBodyInput) {
  return apiRequest('/unsubscribeEmail', { method: 'PATCH', body: { ...body }, handle: 'none' });
}
