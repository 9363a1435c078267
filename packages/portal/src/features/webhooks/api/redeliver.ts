import { useLingui } from '@lingui/react/macro';
import { notifyError } from '#portal/lib/notify.ts';
import { useWrite } from '#portal/lib/write.ts';
import { webhookErrorText } from '../utils/messages.ts';
import { deliveriesKey, redeliver } from './webhooks.ts';

/** POST /webhooks/deliveries/{id}/redeliver: the toast and the endpoint's log asked again. */
export function useRedeliver(endpointId: string) {
  const { t } = useLingui();
  return useWrite(redeliver, {
    success: (delivery) => (delivery.status === 'delivered' ? t`Delivered` : t`Redelivery queued`),
    refresh: (client) => void client.invalidateQueries({ queryKey: deliveriesKey(endpointId) }),
    onFailure: (error) => notifyError(webhookErrorText(error)),
  });
}
