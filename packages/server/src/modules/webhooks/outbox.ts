/**
 * The webhook outbox (ADR 052): a lead event of a referred lead becomes one delivery row per enabled
 * endpoint of the lead's registrar, written in the transaction that wrote the lead event, so a message
 * exists exactly when the change it reports committed. deliver.ts sends the rows.
 *
 * The payload carries the lead's id, domain, status, amounts and time: never the buyer's name, email,
 * phone or answers.
 */
import { randomUUID } from 'node:crypto';
import type { WebhookEventType, WebhookPayload } from '@domain-broker/shared/schemas/webhooks';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { leads, webhookDeliveries, webhookEndpoints } from '#server/db/schema/index.ts';

/** A lead event as recordLeadEvent writes it. */
export interface LeadEventRecord {
  id: number;
  leadUid: string;
  type: string;
  fromStatus: string | null;
  toStatus: string | null;
  data: Record<string, unknown>;
  at: Date;
}

/** The webhook event a lead event is, or undefined for the events partners do not hear about. */
export function webhookTypeOf(
  event: Pick<LeadEventRecord, 'type' | 'toStatus'>,
): WebhookEventType | undefined {
  switch (event.type) {
    case 'created':
      return 'lead.created';
    case 'owner_contacted':
      return 'lead.owner_contacted';
    case 'offer':
      return 'lead.offer';
  }
  if (event.toStatus === 'new' && event.type === 'paid') return 'lead.paid';
  if (event.toStatus === 'sold') return 'lead.sold';
  if (event.toStatus === 'refunded') return 'lead.refunded';
  if (event.toStatus === 'canceled') return 'lead.canceled';
  return undefined;
}

/** Dollars with two decimals from integer cents; null stays null. */
export const money = (cents: unknown): string | null =>
  typeof cents === 'number' && Number.isFinite(cents) ? (cents / 100).toFixed(2) : null;

export function leadPayload(
  type: WebhookEventType,
  lead: Pick<
    typeof leads.$inferSelect,
    'uid' | 'domainName' | 'status' | 'offerAmountCents' | 'soldPriceCents'
  >,
  event: LeadEventRecord,
): WebhookPayload {
  const d = event.data;
  const amountCents =
    type === 'lead.sold' ? d.soldPriceCents : type === 'lead.created' ? d.offerAmountCents : d.amountCents;
  return {
    type,
    timestamp: event.at.toISOString(),
    data: {
      leadId: lead.uid,
      domainName: lead.domainName,
      status: event.toStatus ?? lead.status,
      previousStatus: event.fromStatus,
      offerAmount: money(lead.offerAmountCents),
      amount: money(amountCents),
      // The sale's own event is written before the lead row gets its price.
      soldPrice: money(lead.soldPriceCents ?? (type === 'lead.sold' ? d.soldPriceCents : null)),
      occurredAt: event.at.toISOString(),
    },
  };
}

/**
 * Queues the webhook messages of one lead event: for a lead a registrar referred, one row per enabled
 * endpoint of that registrar that takes this event type. Call it inside the lead event's transaction.
 */
export async function enqueueLeadWebhooks(tx: DbOrTx, event: LeadEventRecord): Promise<number> {
  const type = webhookTypeOf(event);
  if (!type) return 0;
  const [lead] = await tx
    .select({
      uid: leads.uid,
      domainName: leads.domainName,
      status: leads.status,
      offerAmountCents: leads.offerAmountCents,
      soldPriceCents: leads.soldPriceCents,
      registrarUid: leads.registrarUid,
    })
    .from(leads)
    .where(eq(leads.uid, event.leadUid));
  if (!lead?.registrarUid) return 0;
  const endpoints = await tx
    .select({ uid: webhookEndpoints.uid, eventTypes: webhookEndpoints.eventTypes })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.registrarUid, lead.registrarUid), eq(webhookEndpoints.enabled, true)));
  const takers = endpoints.filter((e) => e.eventTypes.length === 0 || e.eventTypes.includes(type));
  if (!takers.length) return 0;
  const payload = leadPayload(type, lead, event);
  // One webhook-id per event, shared by its endpoints (each endpoint deduplicates on it independently).
  const messageId = `msg_${randomUUID().replaceAll('-', '')}`;
  await tx
    .insert(webhookDeliveries)
    .values(
      takers.map((e) => ({
        endpointUid: e.uid,
        messageId,
        eventType: type,
        leadEventId: event.id,
        payload,
        status: 'pending',
        nextAttemptAt: event.at,
        createdAt: event.at,
      })),
    )
    .onConflictDoNothing();
  return takers.length;
}
