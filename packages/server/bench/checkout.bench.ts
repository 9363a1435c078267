/**
 * `tsx bench/checkout.bench.ts` (the root `pnpm bench` calls it as `checkout-api`). Prints figures;
 * asserts nothing.
 *
 * The checkout API with the sandbox provider, for PostgreSQL (DATABASE_URL, or
 * postgres://postgres@127.0.0.1:5432/test, in a throwaway database) and PGlite (a temporary folder):
 * fresh buyers (already signed in), each sending POST /api/leads then POST /api/payments with
 * pm_card_visa, over BENCH_CHECKOUT_CONNECTIONS (default 20) connections. Each payment runs the whole
 * path: the attempt row, the sandbox PaymentIntent, the lead paid, the broker assigned, two mails
 * queued, and the sandbox's webhook event handled in-process. BENCH_CHECKOUT_BUYERS (default 600)
 * buyers; afterwards the run is checked: every lead paid once.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import { createPasswordHasher } from '../src/lib/crypto.ts';
import { createSession } from '../src/modules/auth/sessions.ts';
import { seed } from '../src/seed/seed.ts';
import { listen, pgDatabase, pgliteDatabase } from './support.ts';

const CONNECTIONS = Number(process.env.BENCH_CHECKOUT_CONNECTIONS ?? 20);
const BUYERS = Number(process.env.BENCH_CHECKOUT_BUYERS ?? 600);

interface Row {
  engine: string;
  test: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  note?: string;
}
const rows: Row[] = [];

/** Timings per operation, measured by the client from request to response. */
function quantile(sorted: number[], q: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

async function benchEngine(engine: 'postgres' | 'pglite') {
  let handle: { database: Database; drop(): Promise<void> };
  try {
    handle = engine === 'postgres' ? await pgDatabase() : await pgliteDatabase();
  } catch (e) {
    console.log(`${engine}: skipped (${(e as Error).message})`);
    return;
  }
  const { database } = handle;
  const { db } = database;
  try {
    await database.migrate();
    const hasher = createPasswordHasher('test');
    await seed(db, hasher, 'Demo@Pass1');
    const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent' });
    const app = createApp({ db, config, logger: pino({ level: 'silent' }), hasher });
    const api = await listen(app.fetch);

    // Fresh buyers, signed in: one lead and one payment each.
    const tag = randomBytes(3).toString('hex');
    const created = await db
      .insert(users)
      .values(
        Array.from({ length: BUYERS }, (_, i) => ({
          email: `bench-buyer-${tag}-${i}@example.com`,
          firstName: 'Bench',
          emailVerifiedAt: new Date(),
        })),
      )
      .returning({ uid: users.uid });
    const tokens: string[] = [];
    for (const u of created) tokens.push(await createSession(db, u.uid, new Date(), config.session));

    let next = 0;
    const leadMs: number[] = [];
    const payMs: number[] = [];
    type Ctx = { token?: string; leadUID?: string; started?: number };
    const started = Date.now();
    const result = await autocannon({
      url: api.url,
      connections: CONNECTIONS,
      amount: BUYERS * 2,
      requests: [
        {
          method: 'POST',
          path: '/api/leads',
          setupRequest: (req, context: Ctx) => {
            context.token = tokens[next++ % tokens.length];
            context.started = performance.now();
            return {
              ...req,
              headers: { 'content-type': 'application/json', authorization: `Bearer ${context.token}` },
              body: JSON.stringify({ domainName: `bench-${tag}-${next}.com`, offerAmount: '2500' }),
            };
          },
          onResponse: (_status, body, context: Ctx) => {
            leadMs.push(performance.now() - (context.started ?? 0));
            try {
              context.leadUID = (JSON.parse(body) as { data: { UID: string } }).data.UID;
            } catch {
              context.leadUID = 'none';
            }
          },
        },
        {
          method: 'POST',
          path: '/api/payments',
          setupRequest: (req, context: Ctx) => {
            context.started = performance.now();
            return {
              ...req,
              headers: { 'content-type': 'application/json', authorization: `Bearer ${context.token}` },
              body: JSON.stringify({
                paymentID: 'pm_card_visa',
                amountPaid: 19.95,
                leadUID: context.leadUID,
              }),
            };
          },
          onResponse: (_status, _body, context: Ctx) => {
            payMs.push(performance.now() - (context.started ?? 0));
          },
        },
      ],
    });
    const seconds = (Date.now() - started) / 1000;
    // Let the in-process webhook deliveries finish before checking.
    for (let i = 0; i < 200; i++) {
      const pending = await db.execute(
        sql`select count(*)::int as n from sandbox_events where id not in (select id from payment_webhook_events)`,
      );
      if ((pending as unknown as { rows: { n: number }[] }).rows[0]?.n === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const check = await db.execute(sql`
      select
        (select count(*)::int from leads where status = 'new') as paid,
        (select count(*)::int from lead_events where type = 'paid') as paid_events,
        (select count(*)::int from payments where status = 'succeeded') as payments,
        (select count(*)::int from sandbox_payment_intents) as intents`);
    const c = (check as unknown as { rows: Record<string, number>[] }).rows[0] ?? {};
    leadMs.sort((a, b) => a - b);
    payMs.sort((a, b) => a - b);
    const both = [...leadMs, ...payMs].sort((a, b) => a - b);
    const note = `${c.paid}/${BUYERS} leads paid, ${c.paid_events} paid events, ${c.payments} payments, ${c.intents} intents`;
    rows.push({
      engine,
      test: 'POST /leads + POST /payments (mixed)',
      rps: (BUYERS * 2) / seconds,
      p50: quantile(both, 0.5),
      p99: quantile(both, 0.99),
      errors: result.errors,
      non2xx: result.non2xx,
      note,
    });
    rows.push({
      engine,
      test: 'POST /leads',
      rps: BUYERS / seconds,
      p50: quantile(leadMs, 0.5),
      p99: quantile(leadMs, 0.99),
      errors: 0,
      non2xx: 0,
    });
    rows.push({
      engine,
      test: 'POST /payments (pm_card_visa, sandbox)',
      rps: BUYERS / seconds,
      p50: quantile(payMs, 0.5),
      p99: quantile(payMs, 0.99),
      errors: 0,
      non2xx: 0,
    });
    await api.close();
  } finally {
    await handle.drop();
  }
}

console.log(
  `Checkout benchmark: ${BUYERS} fresh buyers, ${CONNECTIONS} connections (BENCH_CHECKOUT_BUYERS, BENCH_CHECKOUT_CONNECTIONS)\n`,
);
await benchEngine('postgres');
await benchEngine('pglite');

const pad = (s: string, n: number) => s.padEnd(n);
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
console.log(
  `${pad('engine', 9)} ${pad('test', 42)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(6)} ${'non2xx'.padStart(6)}  note`,
);
for (const r of rows)
  console.log(
    `${pad(r.engine, 9)} ${pad(r.test, 42)} ${Math.round(r.rps).toString().padStart(7)} ${ms(r.p50).padStart(7)} ${ms(r.p99).padStart(7)} ${String(r.errors).padStart(6)} ${String(r.non2xx).padStart(6)}  ${r.note ?? ''}`,
  );
