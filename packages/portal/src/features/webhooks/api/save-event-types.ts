import type { WebhookEventType } from '@domain-broker/shared/schemas/webhooks';
import { useLingui } from '@lingui/react/macro';
import { useWrite } from '#portal/lib/write.ts';
import { setEventTypes } from './webhooks.ts';

/** PATCH /webhooks/endpoints/{id} with the ticked events: the toast, then `onDone`; `onFailure` shows why. */
export function useSaveEventTypes(
  endpointId: string,
  options: { onDone: () => void; onFailure: (error: unknown) => void },
) {
  const { t } = useLingui();
  return useWrite((eventTypes: WebhookEventType[]) => setEventTypes(endpointId, eventTypes), {
    success: () => t`Webhook endpoint updated`,
    ...options,
  });
}
