/**
 * Signed webhooks end to end over a real local receiver on 127.0.0.1: every delivery the receiver
 * accepts is verified with the maintained `standardwebhooks` package (never with our signing code),
 * retries move the app's clock instead of sleeping, and the webhook-id stays the same on every attempt.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leads, registrars, users, webhookDeliveries } from '#server/db/schema/index.ts';
import { makeUser, type TestUser } from '#server/test/accounts.ts';
import { createTestApp, ENGINE, type TestApp } from '#server/test/harness.ts';
import { recordLeadEvent, transitionLead } from '../leads/service.ts';
import {
  createWebhookWorker,
  DELIVERED_RETENTION_DAYS,
  PRUNE_EVERY_MS,
  postOnce,
  RETRY_DELAYS_MS,
  runDueDeliveries,
} from './deliver.ts';
import { checkEndpointUrl, isPublicAddress } from './url.ts';

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** A partner's receiver: verifies with `standardwebhooks`, deduplicates on webhook-id. */
class Receiver {
  server!: Server;
  base = '';
  requests: Received[] = [];
  /** The events the partner processed: one per webhook-id. */
  processed = new Map<string, unknown>();
  secrets: string[] = [];
  failuresLeft = new Map<string, number>();

  async start() {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  stop() {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(r));
  }
  reset() {
    this.requests = [];
    this.processed.clear();
    this.failuresLeft.clear();
  }

  private handle(req: IncomingMessage, res: import('node:http').ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
      );
      const path = req.url ?? '/';
      this.requests.push({ path, headers, body });
      if (path === '/slow') return; // never answers
      if (path === '/redirect') {
        res.writeHead(302, { location: `${this.base}/ok` }).end();
        return;
      }
      if (path === '/fail') {
        res.writeHead(500).end('down');
        return;
      }
      const id = headers['webhook-id'] ?? '';
      const left = this.failuresLeft.get(path);
      if (left) {
        this.failuresLeft.set(path, left - 1);
        res.writeHead(503).end('try later');
        return;
      }
      // Any of the partner's current secrets must verify the message (Webhook.verify throws otherwise).
      const event = this.secrets
        .map((s) => {
          try {
            return new Webhook(s).verify(body, headers);
          } catch {
            return undefined;
          }
        })
        .find((e) => e !== undefined);
      if (!event) {
        res.writeHead(401).end('bad signature');
        return;
      }
      if (!this.processed.has(id)) this.processed.set(id, event);
      res.writeHead(204).end();
    });
  }
}

let t: TestApp;
let registrar: TestUser;
let buyer: TestUser;
const receiver = new Receiver();
const REGISTRAR = 'demo-registrar';

const tick = (timeoutMs?: number) =>
  runDueDeliveries({ db: t.db, now: t.clock.now, production: false, ...(timeoutMs ? { timeoutMs } : {}) });
/** The app's clock near the real time: the receiver's library refuses timestamps 5 minutes off. */
const nearRealTime = (offsetMs = -150_000) => {
  t.clock.t = Date.now() + offsetMs;
};

async function addEndpoint(path: string, extra: Record<string, unknown> = {}) {
  const r = await t.call(
    'POST',
    '/webhooks/endpoints',
    { url: `${receiver.base}${path}`, ...extra },
    registrar.headers,
  );
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data as { id: string; secret: string; url: string };
}

/** A lead this registrar's widget referred, created through the lead module's own event writer. */
async function referredLead(registrarUid: string | null = REGISTRAR) {
  // A new buyer each time (one open lead per buyer), always with the same name.
  buyer = await makeUser(t, { firstName: 'Zebulon' });
  await t.db
    .update(users)
    .set({ lastName: 'Quartermaine', phone: '+14155550123' })
    .where(eq(users.uid, buyer.uid));
  const at = t.clock.now();
  return t.db.transaction(async (tx) => {
    const [lead] = await tx
      .insert(leads)
      .values({
        userUid: buyer.uid,
        domainName: `wanted${Math.random().toString(36).slice(2, 8)}.com`,
        offerAmountCents: 500_000,
        registrarUid,
        email: buyer.email,
        phone: '+14155550123',
        questionsAny: 'my secret plans',
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    await recordLeadEvent(tx, {
      leadUid: lead!.uid,
      type: 'created',
      actorUid: buyer.uid,
      at,
      toStatus: 'pending',
      data: { domainName: lead!.domainName, offerAmountCents: 500_000, registrarUid },
    });
    return lead!;
  });
}

async function payLead(uid: string) {
  await t.db.transaction((tx) =>
    transitionLead(tx, {
      leadUid: uid,
      from: ['pending'],
      to: 'new',
      type: 'paid',
      actorUid: null,
      at: t.clock.now(),
      data: { amountCents: 1995 },
    }),
  );
}

const deliveriesOf = (endpointId: string) =>
  t.call('GET', `/webhooks/endpoints/${endpointId}/deliveries`, undefined, registrar.headers);

beforeAll(async () => {
  // The back-off test moves the clock three days on: sessions stay live (idle expiry a week).
  t = await createTestApp({ env: { SESSION_IDLE_MINUTES: '10080' } });
  await receiver.start();
  // Sessions start before any time a test moves the clock to (tests run near the real time).
  nearRealTime(-2 * 86_400_000);
  registrar = await makeUser(t, { role: 'Registrar' });
  await t.db.update(users).set({ registrarUID: REGISTRAR }).where(eq(users.uid, registrar.uid));
  buyer = await makeUser(t, { firstName: 'Zebulon' });
  await t.db
    .update(users)
    .set({ lastName: 'Quartermaine', phone: '+14155550123' })
    .where(eq(users.uid, buyer.uid));
  await t.db.insert(registrars).values({ uid: 'other-registrar', name: 'Other' });
}, 60_000);
afterAll(async () => {
  await receiver.stop();
  await t?.close();
});
beforeEach(async () => {
  receiver.reset();
  nearRealTime();
  // Each test starts with no endpoints.
  const list = await t.call('GET', '/webhooks/endpoints', undefined, registrar.headers);
  for (const e of list.body.data ?? [])
    await t.call('DELETE', `/webhooks/endpoints/${e.id}`, undefined, registrar.headers);
});

describe(`signed webhooks (${ENGINE})`, () => {
  it('sends every lead event of a referred lead, verified by standardwebhooks, without personal data', async () => {
    const ep = await addEndpoint('/ok');
    expect(ep.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    receiver.secrets = [ep.secret];
    // The secret is shown once: never in the list.
    const list = await t.call('GET', '/webhooks/endpoints', undefined, registrar.headers);
    expect(list.body.data).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain(ep.secret);

    const lead = await referredLead();
    await payLead(lead.uid);
    const at = t.clock.now();
    await t.db.transaction(async (tx) => {
      await recordLeadEvent(tx, { leadUid: lead.uid, type: 'owner_contacted', actorUid: null, at, data: {} });
      await recordLeadEvent(tx, {
        leadUid: lead.uid,
        type: 'offer',
        actorUid: null,
        at,
        data: { amountCents: 420_000 },
      });
      // Events partners do not hear about queue nothing.
      await recordLeadEvent(tx, { leadUid: lead.uid, type: 'market_analysis', actorUid: null, at, data: {} });
      await transitionLead(tx, {
        leadUid: lead.uid,
        from: ['new'],
        to: 'sold',
        type: 'sold',
        actorUid: null,
        at,
        data: { soldPriceCents: 450_000, commissionCents: 45_000 },
      });
    });
    expect(await tick()).toEqual({ attempted: 5, delivered: 5 });
    const events = [...receiver.processed.values()] as { type: string; data: Record<string, unknown> }[];
    expect(events.map((e) => e.type).sort()).toEqual(
      ['lead.created', 'lead.offer', 'lead.owner_contacted', 'lead.paid', 'lead.sold'].sort(),
    );
    const byType = Object.fromEntries(events.map((e) => [e.type, e]));
    expect(byType['lead.paid']!.data).toMatchObject({
      leadId: lead.uid,
      domainName: lead.domainName,
      status: 'new',
      previousStatus: 'pending',
      offerAmount: '5000.00',
      amount: '19.95',
    });
    expect(byType['lead.offer']!.data.amount).toBe('4200.00');
    expect(byType['lead.sold']!.data).toMatchObject({
      status: 'sold',
      soldPrice: '4500.00',
      amount: '4500.00',
    });
    for (const e of events) {
      expect(Object.keys(e).sort()).toEqual(['data', 'timestamp', 'type']);
      expect(Object.keys(e.data).sort()).toEqual(
        [
          'amount',
          'domainName',
          'leadId',
          'occurredAt',
          'offerAmount',
          'previousStatus',
          'soldPrice',
          'status',
        ].sort(),
      );
    }
    // No personal data of the buyer anywhere on the wire.
    for (const r of receiver.requests)
      for (const pii of [buyer.email, 'Zebulon', 'Quartermaine', '4155550123', 'my secret plans', buyer.uid])
        expect(r.body).not.toContain(pii);
    const log = await deliveriesOf(ep.id);
    expect(log.body.data.map((d: { status: string }) => d.status)).toEqual(Array(5).fill('delivered'));
    expect(log.body.data[0]).toMatchObject({ attempts: 1, lastStatusCode: 204, lastError: null });
  });

  it('queues nothing for a lead that was not referred, nor when the lead event is rolled back', async () => {
    const ep = await addEndpoint('/ok');
    await referredLead(null);
    await referredLead('other-registrar');
    const third = await referredLead();
    await expect(
      t.db.transaction(async (tx) => {
        await recordLeadEvent(tx, {
          leadUid: third.uid,
          type: 'refunded',
          actorUid: null,
          at: t.clock.now(),
          toStatus: 'refunded',
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const rows = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointUid, ep.id));
    // Only the committed lead.created of the third lead (its own transaction) is queued.
    expect(rows.map((r) => r.eventType)).toEqual(['lead.created']);
  });

  it('a receiver that fails twice then succeeds gets the event once; three attempts, one webhook-id', async () => {
    const ep = await addEndpoint('/flaky');
    receiver.secrets = [ep.secret];
    receiver.failuresLeft.set('/flaky', 2);
    await referredLead();
    expect(await tick()).toEqual({ attempted: 1, delivered: 0 });
    let [d] = (await deliveriesOf(ep.id)).body.data;
    expect(d).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 503, lastError: 'HTTP 503' });
    expect(Date.parse(d.nextAttemptAt) - t.clock.t).toBe(RETRY_DELAYS_MS[0]);
    // Not due yet: nothing is sent.
    t.clock.advance(RETRY_DELAYS_MS[0]! - 1000);
    expect(await tick()).toEqual({ attempted: 0, delivered: 0 });
    t.clock.advance(1000);
    expect(await tick()).toEqual({ attempted: 1, delivered: 0 });
    t.clock.advance(RETRY_DELAYS_MS[1]!);
    expect(await tick()).toEqual({ attempted: 1, delivered: 1 });
    expect(receiver.requests).toHaveLength(3);
    expect(new Set(receiver.requests.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(receiver.processed.size).toBe(1);
    [d] = (await deliveriesOf(ep.id)).body.data;
    expect(d).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 204, nextAttemptAt: null });
    expect(d.messageId).toBe(receiver.requests[0]!.headers['webhook-id']);
  });

  it('retries with exponential back-off for up to three days, then fails; Redeliver sends it again', async () => {
    const ep = await addEndpoint('/fail');
    receiver.secrets = [ep.secret];
    const start = t.clock.t;
    await referredLead();
    let attempts = 0;
    for (;;) {
      const n = await tick();
      if (!n.attempted) break;
      attempts++;
      const [d] = (await deliveriesOf(ep.id)).body.data;
      if (d.status === 'failed') break;
      t.clock.t = Date.parse(d.nextAttemptAt);
    }
    expect(attempts).toBe(RETRY_DELAYS_MS.length + 1);
    const elapsed = t.clock.t - start;
    expect(elapsed).toBeGreaterThan(2 * 86_400_000);
    expect(elapsed).toBeLessThanOrEqual(3 * 86_400_000);
    // The waits grow.
    for (let i = 1; i < RETRY_DELAYS_MS.length; i++)
      expect(RETRY_DELAYS_MS[i]!).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[i - 1]!);
    let [d] = (await deliveriesOf(ep.id)).body.data;
    expect(d).toMatchObject({
      status: 'failed',
      attempts: attempts,
      lastStatusCode: 500,
      nextAttemptAt: null,
    });
    expect(new Set(receiver.requests.map((r) => r.headers['webhook-id'])).size).toBe(1);
    // Nothing more is sent once failed.
    t.clock.advance(86_400_000);
    expect((await tick()).attempted).toBe(0);

    // The partner fixes their receiver; Redeliver sends the same message (same webhook-id) again.
    nearRealTime(0);
    const moved = await t.call(
      'PATCH',
      `/webhooks/endpoints/${ep.id}`,
      { url: `${receiver.base}/ok` },
      registrar.headers,
    );
    expect(moved.status).toBe(200);
    const again = await t.call(
      'POST',
      `/webhooks/deliveries/${d.id}/redeliver`,
      undefined,
      registrar.headers,
    );
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('Redelivery queued');
    expect(again.body.data).toMatchObject({ status: 'delivered', attempts: 1, messageId: d.messageId });
    expect([...receiver.processed.keys()]).toEqual([d.messageId]);
    [d] = (await deliveriesOf(ep.id)).body.data;
    expect(d.status).toBe('delivered');
  });

  it('rotation: both signatures during the overlap and either secret verifies; only the new one after', async () => {
    const ep = await addEndpoint('/ok');
    const rotated = await t.call('POST', `/webhooks/endpoints/${ep.id}/rotate`, undefined, registrar.headers);
    expect(rotated.status).toBe(200);
    const newSecret = rotated.body.data.secret as string;
    expect(newSecret).not.toBe(ep.secret);
    expect(Date.parse(rotated.body.data.previousSecretExpiresAt) - t.clock.t).toBe(24 * 3_600_000);
    receiver.secrets = [newSecret];
    await referredLead();
    await tick();
    const [req] = receiver.requests;
    expect(req!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    for (const secret of [ep.secret, newSecret])
      expect(new Webhook(secret).verify(req!.body, req!.headers)).toMatchObject({ type: 'lead.created' });

    // Rotated again a day ago: the overlap is over, only the newest secret signs.
    receiver.reset();
    nearRealTime(-(24 * 3_600_000 + 60_000));
    const again = await t.call('POST', `/webhooks/endpoints/${ep.id}/rotate`, undefined, registrar.headers);
    const third = again.body.data.secret as string;
    nearRealTime(0);
    const list = await t.call('GET', '/webhooks/endpoints', undefined, registrar.headers);
    expect(list.body.data[0].previousSecretExpiresAt).toBeNull();
    receiver.secrets = [third];
    const sent = await t.call('POST', `/webhooks/endpoints/${ep.id}/test`, undefined, registrar.headers);
    expect(sent.body.data.status).toBe('delivered');
    const [last] = receiver.requests;
    expect(last!.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(() => new Webhook(newSecret).verify(last!.body, last!.headers)).toThrow();
  });

  it('the worker prunes delivered messages after the retention period, hourly; others stay', async () => {
    const ok = await addEndpoint('/ok');
    const down = await addEndpoint('/fail');
    receiver.secrets = [ok.secret, down.secret];
    const quiet = () => undefined;
    const worker = createWebhookWorker({
      db: t.db,
      now: t.clock.now,
      production: false,
      logger: { warn: quiet, debug: quiet },
    });
    const lead = await referredLead();
    await payLead(lead.uid);
    expect(await worker.tick()).toEqual({ attempted: 4, delivered: 2, pruned: 0 });
    const delivered = (await deliveriesOf(ok.id)).body.data as { deliveredAt: string }[];
    expect(delivered.map((d) => d.deliveredAt)).toEqual([expect.any(String), expect.any(String)]);
    const deliveredAt = Math.max(...delivered.map((d) => Date.parse(d.deliveredAt)));
    const retention = DELIVERED_RETENTION_DAYS * 86_400_000;

    // Read from the table: a month on, the registrar's session has expired.
    const log = (endpointUid: string) =>
      t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointUid, endpointUid));
    // A minute before the end of the retention period: kept.
    t.clock.t = deliveredAt + retention - 60_000;
    expect((await worker.tick()).pruned).toBe(0);
    expect(await log(ok.id)).toHaveLength(2);
    // Past it, but within the hour since this worker last pruned: not yet.
    t.clock.advance(2 * 60_000);
    expect((await worker.tick()).pruned).toBe(0);
    // An hour on: gone from the log. The messages that were never delivered stay.
    t.clock.advance(PRUNE_EVERY_MS);
    expect((await worker.tick()).pruned).toBe(2);
    expect(await log(ok.id)).toEqual([]);
    const undelivered = await log(down.id);
    expect(undelivered).toHaveLength(2);
    expect(undelivered.every((d) => d.status !== 'delivered')).toBe(true);
  });

  it('Send Test Event delivers a signed webhook.test at once', async () => {
    const ep = await addEndpoint('/ok');
    receiver.secrets = [ep.secret];
    const r = await t.call('POST', `/webhooks/endpoints/${ep.id}/test`, undefined, registrar.headers);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      message: 'Test event sent',
      data: { status: 'delivered', eventType: 'webhook.test' },
    });
    expect([...receiver.processed.values()]).toMatchObject([{ type: 'webhook.test' }]);
  });

  it('does not follow redirects, gives up on a slow receiver, skips disabled endpoints and filters event types', async () => {
    const redirect = await addEndpoint('/redirect');
    const slow = await addEndpoint('/slow');
    const paidOnly = await addEndpoint('/ok', { eventTypes: ['lead.paid'] });
    receiver.secrets = [paidOnly.secret];
    const off = await addEndpoint('/ok');
    expect(
      (await t.call('PATCH', `/webhooks/endpoints/${off.id}`, { enabled: false }, registrar.headers)).body
        .data.enabled,
    ).toBe(false);
    const lead = await referredLead();
    await payLead(lead.uid);
    await tick(300);
    const [r] = (await deliveriesOf(redirect.id)).body.data;
    expect(r).toMatchObject({ status: 'pending', lastStatusCode: 302, lastError: 'HTTP 302' });
    const [s] = (await deliveriesOf(slow.id)).body.data;
    expect(s).toMatchObject({ status: 'pending', lastStatusCode: null, lastError: 'timed out after 0.3 s' });
    expect(
      (await deliveriesOf(paidOnly.id)).body.data.map((d: { eventType: string }) => d.eventType),
    ).toEqual(['lead.paid']);
    expect((await deliveriesOf(off.id)).body.data).toEqual([]);
    // The redirect's target was never asked.
    expect(receiver.requests.filter((q) => q.path === '/ok').length).toBe(1);
  });

  it('an endpoint takes every event by default, and only the events it is edited to take', async () => {
    const ep = await addEndpoint('/ok');
    expect(ep).toMatchObject({ eventTypes: [] });
    const edit = (eventTypes: string[]) =>
      t.call('PATCH', `/webhooks/endpoints/${ep.id}`, { eventTypes }, registrar.headers);
    const edited = await edit(['lead.paid', 'lead.created', 'lead.paid']);
    expect(edited.status).toBe(200);
    expect(edited.body.data.eventTypes).toEqual(['lead.paid', 'lead.created']);
    expect((await edit(['lead.nope'])).status).toBe(400);
    expect((await edit(['lead.created'])).body.data.eventTypes).toEqual(['lead.created']);
    const first = await referredLead();
    await payLead(first.uid);
    const types = async () =>
      (await deliveriesOf(ep.id)).body.data.map((d: { eventType: string }) => d.eventType);
    expect(await types()).toEqual(['lead.created']);
    // Back to every event.
    expect((await edit([])).body.data.eventTypes).toEqual([]);
    const second = await referredLead();
    await payLead(second.uid);
    expect(await types()).toEqual(['lead.paid', 'lead.created', 'lead.created']);
  });

  it('accepts https, and http only for localhost outside production', async () => {
    for (const url of [
      'ftp://example.com/x',
      'http://example.com/hook',
      'https://user:pw@example.com/',
      'nope',
    ])
      expect((await t.call('POST', '/webhooks/endpoints', { url }, registrar.headers)).body.code).toBe(
        'WEBHOOK_URL_INVALID',
      );
    const ok = await t.call(
      'POST',
      '/webhooks/endpoints',
      { url: 'https://hooks.example.com/in' },
      registrar.headers,
    );
    expect(ok.status).toBe(201);
    const bad = await t.call(
      'POST',
      '/webhooks/endpoints',
      { url: '', eventTypes: ['lead.nope'] },
      registrar.headers,
    );
    expect(bad.status).toBe(400);
  });

  it('refuses private, loopback and link-local addresses in production (SSRF)', async () => {
    const production = { production: true };
    for (const url of [
      'https://10.0.0.1/',
      'https://127.0.0.1/',
      'https://[::1]/',
      'https://169.254.169.254/latest',
      'https://192.168.1.1/',
      'https://[::ffff:10.0.0.1]/',
      'https://localhost/',
      'https://db.internal/',
    ])
      await expect(checkEndpointUrl(url, production)).rejects.toMatchObject({
        code: 'WEBHOOK_URL_NOT_ALLOWED',
      });
    await expect(checkEndpointUrl('http://localhost:3000/', production)).rejects.toMatchObject({
      code: 'WEBHOOK_URL_INVALID',
    });
    await expect(
      checkEndpointUrl('https://hooks.example.com/', { production: true, resolve: async () => ['10.1.2.3'] }),
    ).rejects.toMatchObject({ code: 'WEBHOOK_URL_NOT_ALLOWED' });
    await expect(
      checkEndpointUrl('https://hooks.example.com/x', {
        production: true,
        resolve: async () => ['93.184.216.34'],
      }),
    ).resolves.toBe('https://hooks.example.com/x');
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('2606:2800:220:1::1')).toBe(true);
    expect(isPublicAddress('fd00::1')).toBe(false);
    // On delivery the address actually connected to is checked: a name resolving to loopback is refused.
    const port = (receiver.server.address() as AddressInfo).port;
    const r = await postOnce(`https://localhost:${port}/ok`, {}, '{}', { production: true, timeoutMs: 2000 });
    expect(r).toEqual({ ok: false, statusCode: null, error: 'address not allowed' });
    expect(receiver.requests).toEqual([]);
  });

  it('is for registrars only, each seeing only their own endpoints', async () => {
    const ep = await addEndpoint('/ok');
    expect((await t.call('GET', '/webhooks/endpoints')).status).toBe(401);
    for (const role of [undefined, 'Admin', 'Consultant'] as const) {
      const u = await makeUser(t, role ? { role } : {});
      for (const [m, p] of [
        ['GET', '/webhooks/endpoints'],
        ['POST', `/webhooks/endpoints/${ep.id}/test`],
        ['DELETE', `/webhooks/endpoints/${ep.id}`],
      ] as const)
        expect((await t.call(m, p, undefined, u.headers)).status, `${role} ${m} ${p}`).toBe(403);
    }
    const unlinked = await makeUser(t, { role: 'Registrar' });
    const r = await t.call('GET', '/webhooks/endpoints', undefined, unlinked.headers);
    expect(r.status).toBe(403);
    expect(r.body.code).toBe('WEBHOOK_NO_REGISTRAR');
    const other = await makeUser(t, { role: 'Registrar' });
    await t.db.update(users).set({ registrarUID: 'other-registrar' }).where(eq(users.uid, other.uid));
    expect((await t.call('GET', '/webhooks/endpoints', undefined, other.headers)).body.data).toEqual([]);
    for (const [m, p] of [
      ['PATCH', `/webhooks/endpoints/${ep.id}`],
      ['DELETE', `/webhooks/endpoints/${ep.id}`],
      ['POST', `/webhooks/endpoints/${ep.id}/rotate`],
      ['GET', `/webhooks/endpoints/${ep.id}/deliveries`],
      ['GET', '/webhooks/endpoints/not-a-uuid/deliveries'],
    ] as const)
      expect(
        (await t.call(m, p, m === 'PATCH' ? { enabled: false } : undefined, other.headers)).body.code,
      ).toBe('WEBHOOK_ENDPOINT_NOT_FOUND');
    const sent = await t.call('POST', `/webhooks/endpoints/${ep.id}/test`, undefined, registrar.headers);
    for (const id of [sent.body.data.id, 'abc', '99999999'])
      expect(
        (await t.call('POST', `/webhooks/deliveries/${id}/redeliver`, undefined, other.headers)).body.code,
      ).toBe('WEBHOOK_DELIVERY_NOT_FOUND');
    const del = await t.call('DELETE', `/webhooks/endpoints/${ep.id}`, undefined, registrar.headers);
    expect(del.body.message).toBe('Webhook endpoint deleted');
  });
});
