/**
 * The webhook screen's calls (packages/shared/src/schemas/webhooks.ts). Failures are shown by the
 * screen where they happen (`handle: 'page'`).
 */
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
  WebhookEventType,
} from '@domain-broker/shared/schemas/webhooks';
import { apiRequest } from '../../lib/api.ts';

function dataOf<T>(answer: { data?: T }): T {
  if (answer.data === undefined) throw new Error('The answer had no data');
  return answer.data;
}

export async function listEndpoints(): Promise<WebhookEndpoint[]> {
  return dataOf(await apiRequest<WebhookEndpoint[]>('/webhooks/endpoints', { handle: 'page' }));
}

/** `eventTypes` empty: every event. */
export async function createEndpoint(input: {
  url: string;
  eventTypes: WebhookEventType[];
}): Promise<WebhookEndpointWithSecret> {
  return dataOf(
    await apiRequest<WebhookEndpointWithSecret>('/webhooks/endpoints', {
      method: 'POST',
      body: input,
      handle: 'page',
    }),
  );
}

export async function setEnabled(id: string, enabled: boolean): Promise<WebhookEndpoint> {
  return dataOf(
    await apiRequest<WebhookEndpoint>(`/webhooks/endpoints/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: { enabled },
      handle: 'page',
    }),
  );
}

/** `eventTypes` empty: every event. */
export async function setEventTypes(id: string, eventTypes: WebhookEventType[]): Promise<WebhookEndpoint> {
  return dataOf(
    await apiRequest<WebhookEndpoint>(`/webhooks/endpoints/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: { eventTypes },
      handle: 'page',
    }),
  );
}

export async function deleteEndpoint(id: string): Promise<void> {
  await apiRequest(`/webhooks/endpoints/${encodeURIComponent(id)}`, { method: 'DELETE', handle: 'page' });
}

export async function rotateSecret(id: string): Promise<WebhookEndpointWithSecret> {
  return dataOf(
    await apiRequest<WebhookEndpointWithSecret>(`/webhooks/endpoints/${encodeURIComponent(id)}/rotate`, {
      method: 'POST',
      handle: 'page',
    }),
  );
}

export async function sendTest(id: string): Promise<WebhookDelivery> {
  return dataOf(
    await apiRequest<WebhookDelivery>(`/webhooks/endpoints/${encodeURIComponent(id)}/test`, {
      method: 'POST',
      handle: 'page',
    }),
  );
}

export async function listDeliveries(id: string): Promise<WebhookDelivery[]> {
  return dataOf(
    await apiRequest<WebhookDelivery[]>(`/webhooks/endpoints/${encodeURIComponent(id)}/deliveries`, {
      handle: 'page',
    }),
  );
}

export async function redeliver(id: string): Promise<WebhookDelivery> {
  return dataOf(
    await apiRequest<WebhookDelivery>(`/webhooks/deliveries/${encodeURIComponent(id)}/redeliver`, {
      method: 'POST',
      handle: 'page',
    }),
  );
}
