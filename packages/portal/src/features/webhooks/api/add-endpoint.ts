import type { WebhookEndpointWithSecret, WebhookEventType } from '@domain-broker/shared/schemas/webhooks';
import { useLingui } from '@lingui/react/macro';
import { useWrite, type WriteOptions } from '#portal/lib/write.ts';
import { createEndpoint, ENDPOINTS_KEY } from './webhooks.ts';

type Input = { url: string; eventTypes: WebhookEventType[] };

/** POST /webhooks/endpoints: the toast and the list asked again; the page shows the new secret (`onDone`). */
export function useAddEndpoint(
  options: Pick<WriteOptions<Input, WebhookEndpointWithSecret>, 'onDone' | 'onFailure'>,
) {
  const { t } = useLingui();
  return useWrite(createEndpoint, {
    success: () => t`Webhook endpoint added`,
    refresh: (client) => void client.invalidateQueries({ queryKey: ENDPOINTS_KEY }),
    ...options,
  });
}
