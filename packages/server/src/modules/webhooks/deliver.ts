/**
 * Sends the webhook outbox (ADR 052). Every process runs a small worker that ticks every few seconds;
 * a row is claimed by one conditional UPDATE (pending, due, and pushed past the attempt's time limit),
 * so two processes never send the same attempt and a process that dies mid-attempt only delays it.
 *
 * One attempt: POST the stored payload with the Standard Webhooks headers (signing.ts), a time limit,
 * no redirects followed (a 3xx is a failure), and in production only to public addresses (the address
 * actually connected to is checked, url.ts). 2xx: delivered. Otherwise the next attempt waits
 * RETRY_DELAYS_MS[attempts - 1]; after the last one (about 2.6 days after the first attempt, within the
 * three days) the row is 'failed'. The webhook-id is the row's, the same on every attempt.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { and, asc, eq, lt, lte } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '#server/db/schema/index.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { Logger } from '#server/lib/logger.ts';
import { webhookHeaders } from './signing.ts';
import { isPublicAddress } from './url.ts';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
/** The wait after the 1st, 2nd, … failed attempt; 11 attempts over 63 h 35 min in all. */
export const RETRY_DELAYS_MS = [5 * S, 5 * M, 30 * M, 2 * H, 5 * H, 10 * H, 10 * H, 12 * H, 12 * H, 12 * H];
export const ATTEMPT_TIMEOUT_MS = 10 * S;
/**
 * How long a delivered message stays in the delivery log; the worker then deletes it
 * (docs/webhooks.md). Pending and failed messages stay until delivered or their endpoint is deleted.
 */
export const DELIVERED_RETENTION_DAYS = 30;
/** How often a worker prunes: the delete reads the whole table, so not on every tick. */
export const PRUNE_EVERY_MS = H;
/** A claimed row is due again after this if its process died mid-attempt. */
const CLAIM_MS = ATTEMPT_TIMEOUT_MS + 20 * S;
const USER_AGENT = 'DomainBroker-Webhooks/1.0';

export interface DeliveryOptions {
  db: Db;
  now: Clock;
  /** Production: only public addresses are reached. */
  production: boolean;
  timeoutMs?: number;
  logger?: Pick<Logger, 'warn' | 'debug'>;
}

export interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
}

/** A DNS lookup that refuses non-public answers: the socket can only connect where we allow. */
function guardedLookup(
  hostname: string,
  options: LookupOptions,
  callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
) {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const list = addresses as LookupAddress[];
    const bad = list.find((a) => !isPublicAddress(a.address));
    if (bad || !list.length)
      return callback(Object.assign(new Error('address not allowed'), { code: 'EADDRNOTALLOWED' }), []);
    if (options.all) return callback(null, list);
    const first = list[0] as LookupAddress;
    callback(null, first.address, first.family);
  });
}

/** One HTTP POST; never follows redirects (node:http does not). */
export function postOnce(
  url: string,
  headers: Record<string, string>,
  body: string,
  opts: { production: boolean; timeoutMs: number },
): Promise<AttemptResult> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return resolve({ ok: false, statusCode: null, error: 'invalid URL' });
    }
    const literal = target.hostname.replace(/^\[|\]$/g, '');
    if (opts.production && (target.protocol !== 'https:' || (isIP(literal) && !isPublicAddress(literal))))
      return resolve({ ok: false, statusCode: null, error: 'address not allowed' });
    const client = target.protocol === 'https:' ? https : http;
    let settled = false;
    const done = (r: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': USER_AGENT,
        },
        ...(opts.production ? { lookup: guardedLookup } : {}),
      },
      (res) => {
        const code = res.statusCode ?? 0;
        res.resume(); // the answer's body does not matter
        res.on('end', () =>
          done({
            ok: code >= 200 && code < 300,
            statusCode: code,
            error: code >= 200 && code < 300 ? null : `HTTP ${code}`,
          }),
        );
        res.on('error', () => done({ ok: false, statusCode: code, error: `HTTP ${code}` }));
      },
    );
    const timer = setTimeout(() => {
      done({ ok: false, statusCode: null, error: `timed out after ${opts.timeoutMs / 1000} s` });
      req.destroy();
    }, opts.timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => {
      const error = err.code === 'EADDRNOTALLOWED' ? 'address not allowed' : (err.code ?? err.message);
      done({ ok: false, statusCode: null, error: String(error).slice(0, 200) });
    });
    req.end(body);
  });
}

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/**
 * Claims delivery `id` when it is pending and due, sends one attempt and records it. Undefined when another process holds it or it is not due.
 */
export async function attemptDelivery(opts: DeliveryOptions, id: number): Promise<DeliveryRow | undefined> {
  const { db } = opts;
  const at = opts.now();
  const [claimed] = await db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: new Date(at.getTime() + CLAIM_MS) })
    .where(
      and(
        eq(webhookDeliveries.id, id),
        eq(webhookDeliveries.status, 'pending'),
        lte(webhookDeliveries.nextAttemptAt, at),
      ),
    )
    .returning();
  if (!claimed) return undefined;
  const [endpoint] = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.uid, claimed.endpointUid));
  if (!endpoint) return undefined;
  const secrets = [endpoint.secret];
  if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > at)
    secrets.push(endpoint.previousSecret);
  const body = JSON.stringify(claimed.payload);
  const result = await postOnce(endpoint.url, webhookHeaders(secrets, claimed.messageId, at, body), body, {
    production: opts.production,
    timeoutMs: opts.timeoutMs ?? ATTEMPT_TIMEOUT_MS,
  });
  return recordAttempt(db, claimed, result, at);
}

async function recordAttempt(db: DbOrTx, row: DeliveryRow, result: AttemptResult, at: Date) {
  const attempts = row.attempts + 1;
  const delay = RETRY_DELAYS_MS[attempts - 1];
  const next = result.ok || delay === undefined ? null : new Date(at.getTime() + delay);
  const [saved] = await db
    .update(webhookDeliveries)
    .set({
      attempts,
      status: result.ok ? 'delivered' : next ? 'pending' : 'failed',
      nextAttemptAt: next,
      lastAttemptAt: at,
      lastStatusCode: result.statusCode,
      lastError: result.error,
      deliveredAt: result.ok ? at : null,
    })
    .where(eq(webhookDeliveries.id, row.id))
    .returning();
  return saved;
}

/** Sends what is due now, a few at a time; answers how many attempts were made. */
export async function runDueDeliveries(opts: DeliveryOptions & { batch?: number; parallel?: number }) {
  const at = opts.now();
  const due = await opts.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.uid, webhookDeliveries.endpointUid))
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        lte(webhookDeliveries.nextAttemptAt, at),
        eq(webhookEndpoints.enabled, true),
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
    .limit(opts.batch ?? 50);
  const queue = due.map((d) => d.id);
  let attempted = 0;
  let delivered = 0;
  const lane = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      const row = await attemptDelivery(opts, id);
      if (row) attempted++;
      if (row?.status === 'delivered') delivered++;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.parallel ?? 4) }, lane));
  return { attempted, delivered };
}

/** Sets a delivery pending and due now with a fresh round of retries (the Redeliver button). */
export async function requeueDelivery(db: DbOrTx, id: number, at: Date) {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: at, deliveredAt: null })
    .where(eq(webhookDeliveries.id, id))
    .returning();
  return row;
}

/** Deletes the messages delivered more than DELIVERED_RETENTION_DAYS before `at`; answers how many. */
export async function pruneDelivered(db: DbOrTx, at: Date): Promise<number> {
  const before = new Date(at.getTime() - DELIVERED_RETENTION_DAYS * 24 * H);
  const gone = await db
    .delete(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, 'delivered'), lt(webhookDeliveries.deliveredAt, before)))
    .returning({ id: webhookDeliveries.id });
  return gone.length;
}

export interface WebhookWorker {
  /** One tick: sends what is due, and prunes the old delivered messages once per PRUNE_EVERY_MS. */
  tick(): Promise<{ attempted: number; delivered: number; pruned: number }>;
}

/** The sender the `webhook-deliveries` job (src/jobs/webhook-deliveries.ts) ticks in every process. */
export function createWebhookWorker(opts: DeliveryOptions): WebhookWorker {
  let prunedAt = Number.NEGATIVE_INFINITY;
  const tick = async () => {
    const sent = await runDueDeliveries(opts);
    const at = opts.now();
    let pruned = 0;
    if (at.getTime() - prunedAt >= PRUNE_EVERY_MS) {
      pruned = await pruneDelivered(opts.db, at);
      prunedAt = at.getTime();
    }
    return { ...sent, pruned };
  };
  return { tick };
}
