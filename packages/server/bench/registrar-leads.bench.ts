/**
 * `tsx bench/registrar-leads.bench.ts` (the root `pnpm bench` calls it as `registrar-leads`). Prints
 * figures; asserts nothing. Goal (ADR 051): GET /api/getRegistrarLeads over one year of a registrar
 * with 1,000,000 clicks and 10,000 leads answers within 100 ms at p95 on PostgreSQL
 * (docs/decisions/051-registrar-ledger.md: clicks from the daily roll-up, money computed on read).
 *
 * Seeds, straight in SQL with generate_series: BENCH_CLICKS (default 1,000,000) clicks of one registrar
 * over the last 365 days in registrar_clicks and their roll-up in registrar_click_days; BENCH_LEADS
 * (default 10,000) paid referred leads of as many buyers over the same year (5% sold with a commission,
 * 3% refunded a few days later, 2% paid with a promo code), and as many leads of a second registrar and
 * of direct buyers so the ledger's reads have neighbours to skip. Then sends BENCH_LIST_REQUESTS
 * (default 300) requests per query shape over BENCH_LIST_CONNECTIONS (default 1) connections and reports
 * p50, p95 and p99 as the client measures them. PostgreSQL (DATABASE_URL, or
 * postgres://postgres@127.0.0.1:5432/test, in a throwaway database), then PGlite (a temporary folder)
 * unless BENCH_POSTGRES_ONLY is set.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { registrars, roles, userRoles, users } from '../src/db/schema/index.ts';
import { createSession } from '../src/modules/auth/sessions.ts';
import { type LatencyRow, listen, measureGets, openSeeded, printLatencyRows } from './support.ts';

const CLICKS = Number(process.env.BENCH_CLICKS ?? 1_000_000);
const LEADS = Number(process.env.BENCH_LEADS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 300);
const CONNECTIONS = Number(process.env.BENCH_LIST_CONNECTIONS ?? 1);

const rows: LatencyRow[] = [];

/** `n` paid leads (with buyers and payments) of `registrar` (null: direct) over the last 365 days. */
async function seedLeads(db: Database['db'], tag: string, registrar: string | null, n: number) {
  const who = registrar ?? 'direct';
  await db.execute(sql`
    insert into users (email, first_name, last_name, email_verified_at)
    select 'bench-' || ${tag} || '-' || ${who} || '-' || i || '@example.com', 'Buyer' || i, 'Bench', now()
    from generate_series(1, ${n}) i`);
  await db.execute(sql`
    insert into leads (user_uid, domain_name, offer_amount_cents, status, registrar_uid, created_at,
      updated_at, paid_at, sold_at, sold_price_cents, commission_cents, commission_channel, closed_at)
    select u.uid, 'bench-' || ${who} || '-' || s.i || '.com', 500000,
      case when s.i % 20 = 0 then 'sold' when s.i % 33 = 0 then 'refunded' else 'new' end,
      ${registrar}, s.paid, s.paid, s.paid,
      case when s.i % 20 = 0 then least(s.paid + interval '20 days', now()) end,
      case when s.i % 20 = 0 then 1000000 + s.i * 100 end,
      case when s.i % 20 = 0 then 200000 + s.i * 20 end,
      case when s.i % 20 = 0 then ${registrar ? 'registrar' : 'direct'} end,
      case when s.i % 20 = 0 then least(s.paid + interval '20 days', now())
        when s.i % 33 = 0 then s.paid + interval '3 days' end
    from (
      select i, now() - ((i * 7919) % 365) * interval '1 day' - (i % 86400) * interval '1 second' as paid
      from generate_series(1, ${n}) i
    ) s
    join users u on u.email = 'bench-' || ${tag} || '-' || ${who} || '-' || s.i || '@example.com'`);
  await db.execute(sql`
    insert into payments (lead_uid, user_uid, method, status, amount_cents, created_at, updated_at,
      succeeded_at, refunded_at)
    select l.uid, l.user_uid, case when n % 50 = 0 then 'promo' else 'sandbox' end,
      case when l.status = 'refunded' then 'refunded' else 'succeeded' end,
      case when n % 50 = 0 then 0 else 1995 end, l.paid_at, l.paid_at, l.paid_at,
      case when l.status = 'refunded' then l.paid_at + interval '3 days' end
    from (
      select l.*, row_number() over (order by l.uid) as n
      from leads l
      where l.domain_name like ${`bench-${who}-%`}
    ) l`);
}

async function seedClicks(db: Database['db'], registrar: string) {
  // In slices: every statement stays under the server's 5 s statement timeout.
  for (let start = 1; start <= CLICKS; start += 10_000)
    await db.execute(sql`
      insert into registrar_clicks (registrar_uid, domain_name, visitor_key, day)
      select ${registrar}, 'wanted' || (i % 1000) || '.com', md5(i::text), current_date - (i % 365)
      from generate_series(${start}::int, ${Math.min(CLICKS, start + 9_999)}::int) i`);
  await db.execute(sql`
    insert into registrar_click_days (registrar_uid, day, clicks)
    select registrar_uid, day, count(*) from registrar_clicks where registrar_uid = ${registrar}
    group by 1, 2`);
}

async function benchEngine(engine: 'postgres' | 'pglite') {
  const opened = await openSeeded(engine);
  if (!opened) return;
  const { db, hasher } = opened;
  try {
    const tag = randomBytes(3).toString('hex');
    const reg = `bench-${tag}`;
    const neighbour = `nb-${tag}`;
    const seeded = Date.now();
    await db.insert(registrars).values([
      { uid: reg, name: 'Bench Registrar' },
      { uid: neighbour, name: 'Neighbour Registrar' },
    ]);
    const [registrarUser] = await db
      .insert(users)
      .values({ email: `bench-registrar-${tag}@example.com`, registrarUID: reg, emailVerifiedAt: new Date() })
      .returning({ uid: users.uid });
    const [role] = await db.select().from(roles).where(sql`${roles.roleType} = 'Registrar'`);
    await db.insert(userRoles).values({ userUid: registrarUser!.uid, roleUid: role!.uid });
    await seedClicks(db, reg);
    await seedLeads(db, tag, reg, LEADS);
    await seedLeads(db, tag, neighbour, LEADS);
    await seedLeads(db, tag, null, LEADS);
    await db.execute(sql`analyze`);
    const seedSeconds = (Date.now() - seeded) / 1000;
    const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent' });
    const app = createApp({ db, config, logger: pino({ level: 'silent' }), hasher });
    const api = await listen(app.fetch);
    const [admin] = await db
      .select({ uid: users.uid })
      .from(users)
      .where(sql`${users.email} = 'admin@demo.test'`);
    const adminToken = await createSession(db, admin!.uid, new Date(), config.session);
    const registrarToken = await createSession(db, registrarUser!.uid, new Date(), config.session);
    const today = new Date().toISOString().slice(0, 10);
    const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
    const year = `fromDate=${yearAgo}&toDate=${today}`;
    const note = `${CLICKS} clicks, ${LEADS} leads (x3), seeded in ${seedSeconds.toFixed(0)} s`;
    const shapes: { test: string; token: string; paths: string[] }[] = [
      { test: 'baseline: GET /api/myProfile (auth only)', token: registrarToken, paths: ['/api/myProfile'] },
      {
        test: 'registrar: leads, page 1 (default, all history)',
        token: registrarToken,
        paths: ['/api/getRegistrarLeads'],
      },
      {
        test: 'registrar: one year, limit All',
        token: registrarToken,
        paths: [`/api/getRegistrarLeads?${year}&limit=All`],
      },
      {
        test: 'registrar: one year, pages 1-5 by total',
        token: registrarToken,
        paths: [1, 2, 3, 4, 5].map((p) => `/api/getRegistrarLeads?${year}&sortBy=total&pageNumber=${p}`),
      },
      {
        test: 'admin: one registrar, one year, 90 a page',
        token: adminToken,
        paths: [`/api/getRegistrarLeads?registrarUID=${reg}&${year}&limit=90`],
      },
      {
        test: 'admin: consolidated, one year',
        token: adminToken,
        paths: [`/api/getRegistrarLeads?consolidateDashboard=true&${year}`],
      },
      {
        test: 'registrar: CSV of one year',
        token: registrarToken,
        paths: [`/api/getRegistrarLeadsCSV?${year}`],
      },
      {
        test: 'registrar: statements of the year',
        token: registrarToken,
        paths: ['/api/registrarStatements'],
      },
      {
        test: 'admin: settle summary, one year',
        token: adminToken,
        paths: [`/api/getRegistrarSettleSummary?startDate=${yearAgo}&endDate=${today}`],
      },
    ];
    for (const s of shapes) {
      const r = await measureGets(api.url, s.token, s.paths, {
        requests: REQUESTS,
        connections: CONNECTIONS,
      });
      rows.push({ engine, test: s.test, ...r, note });
    }
    await api.close();
  } finally {
    // BENCH_KEEP_DB: leave the seeded database for EXPLAIN (its name is printed).
    if (process.env.BENCH_KEEP_DB) console.log(`${engine}: kept the seeded database (see pg_database)`);
    else await opened.drop();
  }
}

console.log(
  `Registrar dashboard: ${CLICKS} clicks and ${LEADS} leads in a year, ${REQUESTS} requests per shape over ${CONNECTIONS} connections (BENCH_CLICKS, BENCH_LEADS, BENCH_LIST_REQUESTS, BENCH_LIST_CONNECTIONS). Goal: GET /getRegistrarLeads p95 under 100 ms on PostgreSQL.\n`,
);
await benchEngine('postgres');
if (!process.env.BENCH_POSTGRES_ONLY) await benchEngine('pglite');

printLatencyRows(rows);
