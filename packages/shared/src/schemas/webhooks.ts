/**
 * Signed webhooks for registrar partners on the wire (decision B4; docs/webhooks.md).
 * Beyond the spec. Messages follow the Standard Webhooks specification (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature`, `whsec_` secrets), so a partner verifies them with the
 * maintained `standardwebhooks` or Svix libraries.
 *
 * Paths (all under /api; Registrar only, their own endpoints):
 *   GET    /webhooks/endpoints                      → WebhookEndpoint[]
 *   POST   /webhooks/endpoints                      CreateWebhookEndpointBody → WebhookEndpointWithSecret (201)
 *   PATCH  /webhooks/endpoints/{id}                 UpdateWebhookEndpointBody → WebhookEndpoint
 *   DELETE /webhooks/endpoints/{id}                 → message
 *   POST   /webhooks/endpoints/{id}/rotate          → WebhookEndpointWithSecret (the new secret, shown once)
 *   POST   /webhooks/endpoints/{id}/test            → WebhookDelivery (a webhook.test message, sent at once)
 *   GET    /webhooks/endpoints/{id}/deliveries      → WebhookDelivery[] (newest first, at most 100)
 *   POST   /webhooks/deliveries/{id}/redeliver      → WebhookDelivery (pending again, sent at once)
 */
import * as v from 'valibot';
import { FIELD_MESSAGES } from '../field-messages.ts';
import { filledText, UNKNOWN_FIELD } from './common.ts';

/** The lead events a registrar hears about (for the leads their widget referred). */
export const WEBHOOK_EVENT_TYPES = [
  'lead.created',
  'lead.paid',
  'lead.owner_contacted',
  'lead.offer',
  'lead.sold',
  'lead.refunded',
  'lead.canceled',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** Sent only by the Send Test Event button. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** At most this many endpoints per registrar. */
export const WEBHOOK_ENDPOINT_LIMIT = 10;
/** How long the previous secret keeps signing after a rotation. */
export const WEBHOOK_ROTATION_OVERLAP_HOURS = 24;

export const WEBHOOK_URL_MESSAGE = FIELD_MESSAGES.WEBHOOK_URL_INVALID;

const urlText = filledText(WEBHOOK_URL_MESSAGE, 2000);
const eventTypes = v.pipe(
  v.array(v.picklist(WEBHOOK_EVENT_TYPES, FIELD_MESSAGES.INVALID_ENTRY), FIELD_MESSAGES.INVALID_ENTRY),
  v.transform((list) => [...new Set(list)]),
);

export const CreateWebhookEndpointBody = v.strictObject(
  {
    url: urlText,
    /** The events sent to this endpoint; empty or absent: every event. */
    eventTypes: v.optional(eventTypes, []),
  },
  UNKNOWN_FIELD,
);
export type CreateWebhookEndpointBody = v.InferOutput<typeof CreateWebhookEndpointBody>;

export const UpdateWebhookEndpointBody = v.strictObject(
  {
    url: v.optional(urlText),
    eventTypes: v.optional(eventTypes),
    enabled: v.optional(v.boolean(FIELD_MESSAGES.INVALID_ENTRY)),
  },
  UNKNOWN_FIELD,
);
export type UpdateWebhookEndpointBody = v.InferOutput<typeof UpdateWebhookEndpointBody>;

export const WebhookEndpointSchema = v.object({
  id: v.string(),
  url: v.string(),
  eventTypes: v.array(v.picklist(WEBHOOK_EVENT_TYPES)),
  enabled: v.boolean(),
  /** While set, the previous secret still signs too (both signatures are sent) until this time. */
  previousSecretExpiresAt: v.nullable(v.string()),
  createdAt: v.string(),
});
export type WebhookEndpoint = v.InferOutput<typeof WebhookEndpointSchema>;

export const WebhookEndpointWithSecretSchema = v.object({
  ...WebhookEndpointSchema.entries,
  /** `whsec_…`: shown on creation and on rotation only. */
  secret: v.string(),
});
export type WebhookEndpointWithSecret = v.InferOutput<typeof WebhookEndpointWithSecretSchema>;

export const WebhookDeliverySchema = v.object({
  id: v.string(),
  /** The `webhook-id` header: the same on every attempt of this message. */
  messageId: v.string(),
  eventType: v.string(),
  status: v.picklist(WEBHOOK_DELIVERY_STATUSES),
  attempts: v.number(),
  lastStatusCode: v.nullable(v.number()),
  lastError: v.nullable(v.string()),
  lastAttemptAt: v.nullable(v.string()),
  nextAttemptAt: v.nullable(v.string()),
  deliveredAt: v.nullable(v.string()),
  createdAt: v.string(),
});
export type WebhookDelivery = v.InferOutput<typeof WebhookDeliverySchema>;

/** A message's body: `type`, `timestamp` and `data` as Standard Webhooks suggests. Money in dollars, two decimals. */
export const WebhookPayloadSchema = v.object({
  type: v.string(),
  timestamp: v.string(),
  data: v.object({
    leadId: v.string(),
    domainName: v.string(),
    status: v.string(),
    previousStatus: v.nullable(v.string()),
    offerAmount: v.nullable(v.string()),
    /** What this event is about: the fee paid, the amount refunded, the offer made, the sale price. */
    amount: v.nullable(v.string()),
    soldPrice: v.nullable(v.string()),
    occurredAt: v.string(),
  }),
});
export type WebhookPayload = v.InferOutput<typeof WebhookPayloadSchema>;
