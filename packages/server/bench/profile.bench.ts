import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { pino } from 'pino';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { rateLimits, users } from '../src/db/schema/index.ts';
import { createPasswordHasher } from '../src/lib/crypto.ts';
import { createMetrics } from '../src/lib/metrics.ts';
import type { Authenticated } from '../src/modules/auth/sessions.ts';
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

const ROUNDS = 3;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/**
 * The throughput ratio of a route to its baseline. On a shared machine the load drifts, so the two
 * alternate: baseline, route, baseline, … (ROUNDS of the route, each between two baselines, each run
 * DURATION / 2 s); each round's ratio is the route over the mean of the baselines around it, and the
 * row shows the median round.
 */
async function alternate(baseUrl: string, route: autocannon.Options) {
  const half = Math.max(1, Math.round(DURATION / 2));
  const bases = [await load({ url: baseUrl, duration: half })];
  const rounds: { rps: number; ratio: number; run: autocannon.Result }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const run = await load({ ...route, duration: half });
    bases.push(await load({ url: baseUrl, duration: half }));
    const around =
      ((bases[i] as autocannon.Result).requests.average +
        (bases[i + 1] as autocannon.Result).requests.average) /
      2;
    rounds.push({ rps: run.requests.average, ratio: run.requests.average / around, run });
  }
  const mid = rounds.find((r) => r.ratio === median(rounds.map((x) => x.ratio))) as (typeof rounds)[number];
  const sum = (rs: autocannon.Result[], f: (r: autocannon.Result) => number) =>
    rs.reduce((n, r) => n + f(r), 0);
  const runs = rounds.map((r) => r.run);
  return {
    base: {
      rps: median(bases.map((b) => b.requests.average)),
      p99: Math.max(...bases.map((b) => b.latency.p99)),
      errors: sum(bases, (r) => r.errors),
      non2xx: sum(bases, (r) => r.non2xx),
      note: `median of ${bases.length}, alternating with the row below`,
    },
    measured: {
      rps: mid.rps,
      p99: mid.run.latency.p99,
      errors: sum(runs, (r) => r.errors),
      non2xx: sum(runs, (r) => r.non2xx),
      ratio: mid.ratio,
      note: `median of ${ROUNDS} rounds: ${rounds.map((r) => r.ratio.toFixed(2)).join(', ')}`,
    },
  };
}

/**
 * The app's own share, without a database: GET /api/myProfile through the whole app with a fixed
 * session lookup, against a bare Hono route answering the same user from the same lookup. What is left
 * of the gap in the rows above is the session query itself.
 */
async function benchAppAlone() {
  const user = {
    UID: '00000000-0000-4000-8000-000000000000',
    name: 'Demo Buyer',
    firstName: 'Demo',
    lastName: 'Buyer',
    email: 'buyer@demo.test',
    image: null,
    phone: null,
    website: '',
    roles: [{ role: { UID: '00000000-0000-4000-8000-000000000001', roleType: 'User' as const } }],
    userDetail: {
      AppraisalSearchUnLimit: false,
      ShareDownloadAppraisal: false,
      EmailAppraisalCertificate: false,
      WeeklyAppraisalSearchHistoryReport: false,
      ChangeAppraisedDomainValues: false,
      ChangeCategoryValues: false,
      percentage: null,
      commissionPercentage: null,
    },
    createdAt: new Date().toISOString(),
  };
  const fixed = async () => ({ tokenHash: 'fixed', user }) as Authenticated;
  const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent' });
  const app = createApp({
    db: {} as Database['db'],
    config,
    logger: pino({ level: 'silent' }),
    sessionLookup: fixed,
  });
  // the same app with the request metrics off: what counting every request costs
  const unmetered = createApp({
    db: {} as Database['db'],
    config,
    logger: pino({ level: 'silent' }),
    sessionLookup: fixed,
    metrics: { ...createMetrics(), request: () => {} },
  });
  const bare = new Hono();
  bare.get('/p', async (c) => c.json({ data: (await fixed()).user }));
  const [a, b, u] = [await listen(app.fetch), await listen(bare.fetch), await listen(unmetered.fetch)];
  const { base, measured } = await alternate(`${b.url}/p`, {
    url: `${a.url}/api/myProfile`,
    headers: { authorization: 'Bearer fixed' },
  });
  rows.push({ engine: 'none', test: 'bare route, fixed session', ...base });
  rows.push({ engine: 'none', test: 'GET /api/myProfile, fixed session', ...measured });
  const off = await alternate(`${b.url}/p`, {
    url: `${u.url}/api/myProfile`,
    headers: { authorization: 'Bearer fixed' },
  });
  rows.push({ engine: 'none', test: 'GET /api/myProfile, fixed session, no metrics', ...off.measured });
  await a.close();
  await b.close();
  await u.close();
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

    const { base, measured } = await alternate(`${min.url}/min`, {
      url: `${api.url}/api/myProfile`,
      headers: { authorization: `Bearer ${data.token}` },
    });
    rows.push({ engine, test: 'minimal route, 1 prepared SELECT', ...base });
    rows.push({ engine, test: 'GET /api/myProfile (metrics on)', ...measured });
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
await benchAppAlone();

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
