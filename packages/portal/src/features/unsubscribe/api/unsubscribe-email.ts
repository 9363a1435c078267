import type { UnsubscribeBodyInput } from '@domain-broker/shared/schemas/unsubscribe';
import { SUCCESS } from '@domain-broker/shared/success';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { apiRequest } from '#portal/lib/api.ts';
import { useWrite } from '#portal/lib/write.ts';

/** PATCH /api/unsubscribeEmail; a refused token is shown by the page. */
export function unsubscribeEmail(body: UnsubscribeBodyInput) {
  return apiRequest('/unsubscribeEmail', { method: 'PATCH', body: { ...body }, handle: 'none' });
}

const DONE = msg`You are unsubscribed: we will not send you these emails again.`;

/** The unsubscribe: the confirmation toast, then `onDone` (the page leaves). */
export function useUnsubscribeEmail(onDone: () => void) {
  const { i18n } = useLingui();
  return useWrite(unsubscribeEmail, {
    success: (answer) =>
      !answer.message || answer.message === SUCCESS.UNSUBSCRIBED ? i18n._(DONE) : answer.message,
    onDone,
  });
}
