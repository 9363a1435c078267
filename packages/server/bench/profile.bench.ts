import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { pino } from 'pino';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { rateLimits, users } from '../src/db/schema/index.ts';
import { createPasswordHasher } from '../src/lib/crypto.ts';
import { seed } from '../src/seed/seed.ts';
import { listen, pgDatabase, pgliteDatabase } from './support.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PASSWORD = 'Demo@Pass1';
const BURST = 300;

interface Row {
  engine: string;
  test: string;
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
  ratio?: number;
  note?: string;
}
const rows: Row[] = [];

async function load(opts: autocannon.Options) {
  // A worker thread drives the load, so the client does not share the server's event loop.
  const r = await autocannon({ connections: CONNECTIONS, duration: DURATION, workers: 1, ...opts });
  return r;
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
    const hasher = createPasswordHasher('standard');
    await seed(db, hasher, PASSWORD);
    const logger = pino({ level: 'silent' });
    const roomy = loadConfig({
      NODE_ENV: 'development',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_SIGNIN_PER_IP: '1000000',
      RATE_LIMIT_SIGNIN_PER_ACCOUNT: '1000000',
    });
    const app = createApp({ db, config: roomy, logger, hasher });
    const api = await listen(app.fetch);

    const login = await fetch(`${api.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'buyer@demo.test', password: PASSWORD }),
    });
    const { data } = (await login.json()) as { data: { token: string; user: { UID: string } } };

    // The baseline: the same single-row SELECT with the same driver, nothing else.
    const minimal = new Hono();
    // Prepared like the app's session lookup, so the ratio measures the app, not query planning.
    const byUid = db
      .select()
      .from(users)
      .where(eq(users.uid, sql.placeholder('uid')))
      .limit(1)
      .prepare('bench_user_by_uid');
    minimal.get('/min', async (c) => {
      const [u] = await byUid.execute({ uid: data.user.UID });
      return c.json({ data: u });
    });
    const min = await listen(minimal.fetch);

    // Baseline before and after the measured route: on a shared machine the load drifts, and the
    // average of the two brackets it.
    const before = await load({ url: `${min.url}/min` });
    const prof = await load({
      url: `${api.url}/api/myProfile`,
      headers: { authorization: `Bearer ${data.token}` },
    });
    const after = await load({ url: `${min.url}/min` });
    const baseRps = (before.requests.average + after.requests.average) / 2;
    rows.push({
      engine,
      test: 'minimal route, 1 prepared SELECT (mean of 2)',
      rps: baseRps,
      p99: Math.max(before.latency.p99, after.latency.p99),
      errors: before.errors + after.errors,
      non2xx: before.non2xx + after.non2xx,
    });
    rows.push({
      engine,
      test: 'GET /api/myProfile',
      rps: prof.requests.average,
      p99: prof.latency.p99,
      errors: prof.errors,
      non2xx: prof.non2xx,
      ratio: prof.requests.average / baseRps,
    });
    const signin = await load({
      url: `${api.url}/api/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'buyer@demo.test', password: PASSWORD }),
    });
    rows.push({
      engine,
      test: 'POST /api/login (argon2id)',
      rps: signin.requests.average,
      p99: signin.latency.p99,
      errors: signin.errors,
      non2xx: signin.non2xx,
    });
    await api.close();
    await min.close();

    // A burst from one address against the default limits (per IP and per account), from clean counters.
    await db.delete(rateLimits);
    const defaults = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent' });
    const limited = await listen(createApp({ db, config: defaults, logger, hasher }).fetch);
    const burst = await autocannon({
      url: `${limited.url}/api/login`,
      connections: CONNECTIONS,
      amount: BURST,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'seller@demo.test', password: 'Wrong@Pass1' }),
    });
    const codes = burst.statusCodeStats as unknown as Record<string, { count: number }>;
    rows.push({
      engine,
      test: `burst: ${BURST} bad sign-ins, one IP`,
      rps: burst.requests.average,
      p99: burst.latency.p99,
      errors: burst.errors,
      non2xx: burst.non2xx,
      note: `${codes['400']?.count ?? 0}×400, ${codes['429']?.count ?? 0}×429 (limit ${defaults.rateLimit.signinPerAccount}/account, ${defaults.rateLimit.signinPerIp}/IP per ${defaults.rateLimit.windowSeconds / 60} min)`,
    });
    await limited.close();
  } finally {
    await handle.drop();
  }
}

console.log(
  `Benchmark: ${DURATION} s per run at ${CONNECTIONS} connections (BENCH_DURATION, BENCH_CONNECTIONS)\n`,
);
await benchEngine('postgres');
await benchEngine('pglite');

const pad = (s: string, n: number) => s.padEnd(n);
const num = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '-');
console.log(
  `${pad('engine', 9)} ${pad('test', 45)} ${'req/s'.padStart(8)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(6)} ${'non2xx'.padStart(6)} ${'ratio'.padStart(6)}  note`,
);
for (const r of rows) {
  console.log(
    `${pad(r.engine, 9)} ${pad(r.test, 45)} ${num(r.rps).padStart(8)} ${String(r.p99).padStart(7)} ${String(r.errors).padStart(6)} ${String(r.non2xx).padStart(6)} ${(r.ratio ? r.ratio.toFixed(2) : '').padStart(6)}  ${r.note ?? ''}`,
  );
}
