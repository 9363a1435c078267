/**
 * A registrar's webhook endpoints and their delivery log (docs/webhooks.md). Rules
 * live here; routes.ts only translates HTTP. Every call is scoped to the signed-in registrar's own
 * endpoints: another registrar's id is simply not found.
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '@domain-broker/shared/errors';
import type { UserProfile } from '@domain-broker/shared/schemas/profile';
import {
  type CreateWebhookEndpointBody,
  type UpdateWebhookEndpointBody,
  WEBHOOK_ENDPOINT_LIMIT,
  WEBHOOK_ROTATION_OVERLAP_HOURS,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '@domain-broker/shared/schemas/webhooks';
import { and, count, desc, eq } from 'drizzle-orm';
import { webhookDeliveries, webhookEndpoints } from '#server/db/schema/index.ts';
import type { Services } from '#server/deps.ts';
import { UUID } from '#server/lib/validate.ts';
import { attemptDelivery, requeueDelivery } from './deliver.ts';
import { newWebhookSecret } from './signing.ts';
import { checkEndpointUrl } from './url.ts';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type Deps = Pick<Services, 'db' | 'config' | 'now'>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The registrar the signed-in Registrar account belongs to. */
export function registrarOf(user: Pick<UserProfile, 'registrarUID'>): string {
  if (!user.registrarUID) throw new AppError('WEBHOOK_NO_REGISTRAR');
  return user.registrarUID;
}

export function presentEndpoint(row: EndpointRow, at: Date): WebhookEndpoint {
  const overlapping = row.previousSecretExpiresAt && row.previousSecretExpiresAt > at;
  return {
    id: row.uid,
    url: row.url,
    eventTypes: row.eventTypes as WebhookEventType[],
    enabled: row.enabled,
    previousSecretExpiresAt: overlapping ? iso(row.previousSecretExpiresAt) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: String(row.id),
    messageId: row.messageId,
    eventType: row.eventType,
    status: row.status as WebhookDeliveryStatus,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    lastAttemptAt: iso(row.lastAttemptAt),
    nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
    deliveredAt: iso(row.deliveredAt),
    createdAt: row.createdAt.toISOString(),
  };
}

async function ownEndpoint(s: Deps, registrarUid: string, id: string): Promise<EndpointRow> {
  if (!UUID.test(id)) throw new AppError('WEBHOOK_ENDPOINT_NOT_FOUND');
  const [row] = await s.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.uid, id), eq(webhookEndpoints.registrarUid, registrarUid)));
  if (!row) throw new AppError('WEBHOOK_ENDPOINT_NOT_FOUND');
  return row;
}

const checkUrl = (s: Deps, url: string) => checkEndpointUrl(url, { production: s.config.isProduction });

export async function listEndpoints(s: Deps, registrarUid: string): Promise<WebhookEndpoint[]> {
  const rows = await s.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.registrarUid, registrarUid))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.uid);
  const at = s.now();
  return rows.map((r) => presentEndpoint(r, at));
}

export async function createEndpoint(
  s: Deps,
  registrarUid: string,
  body: CreateWebhookEndpointBody,
): Promise<WebhookEndpointWithSecret> {
  const url = await checkUrl(s, body.url);
  const at = s.now();
  const secret = newWebhookSecret();
  const row = await s.db.transaction(async (tx) => {
    const [n] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.registrarUid, registrarUid));
    if ((n?.n ?? 0) >= WEBHOOK_ENDPOINT_LIMIT) throw new AppError('WEBHOOK_ENDPOINT_LIMIT');
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({ registrarUid, url, secret, eventTypes: body.eventTypes, createdAt: at, updatedAt: at })
      .returning();
    return created as EndpointRow;
  });
  return { ...presentEndpoint(row, at), secret };
}

export async function updateEndpoint(
  s: Deps,
  registrarUid: string,
  id: string,
  body: UpdateWebhookEndpointBody,
): Promise<WebhookEndpoint> {
  await ownEndpoint(s, registrarUid, id);
  const at = s.now();
  const set: Partial<EndpointRow> = { updatedAt: at };
  if (body.url !== undefined) set.url = await checkUrl(s, body.url);
  if (body.eventTypes !== undefined) set.eventTypes = body.eventTypes;
  if (body.enabled !== undefined) set.enabled = body.enabled;
  const [row] = await s.db.update(webhookEndpoints).set(set).where(eq(webhookEndpoints.uid, id)).returning();
  return presentEndpoint(row as EndpointRow, at);
}

/** Deletes the endpoint and its delivery log (pending messages are not sent). */
export async function deleteEndpoint(s: Deps, registrarUid: string, id: string): Promise<void> {
  await ownEndpoint(s, registrarUid, id);
  await s.db.delete(webhookEndpoints).where(eq(webhookEndpoints.uid, id));
}

/**
 * A new secret, shown once; the current one becomes the previous one and keeps signing (both
 * signatures sent) for WEBHOOK_ROTATION_OVERLAP_HOURS, so the partner can switch without losing a message.
 */
export async function rotateSecret(
  s: Deps,
  registrarUid: string,
  id: string,
): Promise<WebhookEndpointWithSecret> {
  const current = await ownEndpoint(s, registrarUid, id);
  const at = s.now();
  const secret = newWebhookSecret();
  const [row] = await s.db
    .update(webhookEndpoints)
    .set({
      secret,
      previousSecret: current.secret,
      previousSecretExpiresAt: new Date(at.getTime() + WEBHOOK_ROTATION_OVERLAP_HOURS * 3_600_000),
      updatedAt: at,
    })
    .where(eq(webhookEndpoints.uid, id))
    .returning();
  return { ...presentEndpoint(row as EndpointRow, at), secret };
}

/** The endpoint's newest 100 messages. */
export async function listDeliveries(s: Deps, registrarUid: string, id: string): Promise<WebhookDelivery[]> {
  await ownEndpoint(s, registrarUid, id);
  const rows = await s.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointUid, id))
    .orderBy(desc(webhookDeliveries.id))
    .limit(100);
  return rows.map(presentDelivery);
}

const deliveryOptions = (s: Deps) => ({ db: s.db, now: s.now, production: s.config.isProduction });

/** A webhook.test message to this endpoint, sent at once (then retried like any other on failure). */
export async function sendTestEvent(s: Deps, registrarUid: string, id: string): Promise<WebhookDelivery> {
  const endpoint = await ownEndpoint(s, registrarUid, id);
  const at = s.now();
  const [row] = await s.db
    .insert(webhookDeliveries)
    .values({
      endpointUid: endpoint.uid,
      messageId: `msg_${randomUUID().replaceAll('-', '')}`,
      eventType: WEBHOOK_TEST_EVENT,
      payload: {
        type: WEBHOOK_TEST_EVENT,
        timestamp: at.toISOString(),
        data: { endpointId: endpoint.uid, message: 'This is a test event from Domain Broker.' },
      },
      status: 'pending',
      nextAttemptAt: at,
      createdAt: at,
    })
    .returning();
  const sent = await attemptDelivery(deliveryOptions(s), (row as DeliveryRow).id);
  return presentDelivery(sent ?? (row as DeliveryRow));
}

/** Sends a message again (any status): pending with a fresh round of retries, and one attempt now. */
export async function redeliver(s: Deps, registrarUid: string, deliveryId: string): Promise<WebhookDelivery> {
  const id = /^\d{1,15}$/.test(deliveryId) ? Number(deliveryId) : Number.NaN;
  if (!Number.isSafeInteger(id)) throw new AppError('WEBHOOK_DELIVERY_NOT_FOUND');
  const [found] = await s.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.uid, webhookDeliveries.endpointUid))
    .where(and(eq(webhookDeliveries.id, id), eq(webhookEndpoints.registrarUid, registrarUid)));
  if (!found) throw new AppError('WEBHOOK_DELIVERY_NOT_FOUND');
  const queued = await requeueDelivery(s.db, id, s.now());
  const sent = await attemptDelivery(deliveryOptions(s), id);
  return presentDelivery((sent ?? queued) as DeliveryRow);
}
