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
import { pageData, pageRecord, pageWrite } from '#portal/lib/page-api.ts';

/** The endpoint list's query, and one endpoint's delivery log's. */
export const ENDPOINTS_KEY = ['webhooks', 'endpoints'] as const;
export const deliveriesKey = (id: string) => ['webhooks', 'deliveries', id] as const;

const endpointPath = (id: string) => `/webhooks/endpoints/${encodeURIComponent(id)}`;

export async function listEndpoints(): Promise<WebhookEndpoint[]> {
  return pageData<WebhookEndpoint[]>('/webhooks/endpoints');
}

/** `eventTypes` empty: every event. */
export async function createEndpoint(input: {
  url: string;
  eventTypes: WebhookEventType[];
}): Promise<WebhookEndpointWithSecret> {
  return (await pageRecord<WebhookEndpointWithSecret>('POST', '/webhooks/endpoints', input)).data;
}

export async function setEnabled(id: string, enabled: boolean): Promise<WebhookEndpoint> {
  return (await pageRecord<WebhookEndpoint>('PATCH', endpointPath(id), { enabled })).data;
}

/** `eventTypes` empty: every event. */
export async function setEventTypes(id: string, eventTypes: WebhookEventType[]): Promise<WebhookEndpoint> {
  return (await pageRecord<WebhookEndpoint>('PATCH', endpointPath(id), { eventTypes })).data;
}

export async function deleteEndpoint(id: string): Promise<void> {
  await pageWrite('DELETE', endpointPath(id));
}

export async function rotateSecret(id: string): Promise<WebhookEndpointWithSecret> {
  return (await pageRecord<WebhookEndpointWithSecret>('POST', `${endpointPath(id)}/rotate`)).data;
}

export async function sendTest(id: string): Promise<WebhookDelivery> {
  return (await pageRecord<WebhookDelivery>('POST', `${endpointPath(id)}/test`)).data;
}

export async function listDeliveries(id: string): Promise<WebhookDelivery[]> {
  return pageData<WebhookDelivery[]>(`${endpointPath(id)}/deliveries`);
}

export async function redeliver(id: string): Promise<WebhookDelivery> {
  return (
    await pageRecord<WebhookDelivery>('POST', `/webhooks/deliveries/${encodeURIComponent(id)}/redeliver`)
  ).data;
}
