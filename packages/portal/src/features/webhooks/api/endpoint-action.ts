import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
} from '@domain-broker/shared/schemas/webhooks';
import { useLingui } from '@lingui/react/macro';
import { notifyError } from '#portal/lib/notify.ts';
import { useWrite } from '#portal/lib/write.ts';
import { webhookErrorText } from '../utils/messages.ts';
import {
  deleteEndpoint,
  deliveriesKey,
  ENDPOINTS_KEY,
  rotateSecret,
  sendTest,
  setEnabled,
} from './webhooks.ts';

export interface EndpointAction {
  kind: 'enable' | 'disable' | 'rotate' | 'test' | 'delete';
  endpoint: WebhookEndpoint;
}
export type EndpointActionResult =
  | { kind: 'rotate'; rotated: WebhookEndpointWithSecret }
  | { kind: 'test'; sent: WebhookDelivery }
  | { kind: 'delete' | 'enable' | 'disable' };

/** An endpoint's buttons: enable or disable (PATCH), rotate its secret, send a test event, delete it. */
export async function endpointAction({ kind, endpoint }: EndpointAction): Promise<EndpointActionResult> {
  const id = endpoint.id;
  if (kind === 'rotate') return { kind, rotated: await rotateSecret(id) };
  if (kind === 'test') return { kind, sent: await sendTest(id) };
  if (kind === 'delete') await deleteEndpoint(id);
  else await setEnabled(id, kind === 'enable');
  return { kind };
}

/** The action: its toast, the list and the endpoint's log asked again; a refusal is a toast too. */
export function useEndpointAction(onDone: (result: EndpointActionResult, action: EndpointAction) => void) {
  const { t } = useLingui();
  return useWrite(endpointAction, {
    success: (result) => {
      switch (result.kind) {
        case 'rotate':
          return t`Signing secret rotated`;
        case 'test':
          return result.sent.status === 'delivered'
            ? t`Test event delivered`
            : t`Test event sent; your endpoint did not accept it yet (${result.sent.lastError ?? ''})`;
        case 'delete':
          return t`Webhook endpoint deleted`;
        case 'enable':
          return t`Endpoint enabled`;
        case 'disable':
          return t`Endpoint disabled`;
      }
    },
    refresh: (client, _result, action) => {
      void client.invalidateQueries({ queryKey: ENDPOINTS_KEY });
      void client.invalidateQueries({ queryKey: deliveriesKey(action.endpoint.id) });
    },
    onDone,
    onFailure: (error) => notifyError(webhookErrorText(error)),
  });
}
