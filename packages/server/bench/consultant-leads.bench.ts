/**
 * `tsx bench/consultant-leads.bench.ts` (the root `pnpm bench` calls it as `consultant-leads`). Prints
 * figures; asserts nothing. Goal: GET /api/consultant/leads answers within 50 ms at p95 with
 * 10,000 leads on PostgreSQL.
 *
 * Seeds BENCH_LEADS (default 10,000) paid leads of as many buyers over 10 consultants (70% in progress,
 * the rest sold, refunded or canceled; a fifth with two alternates waiting; payment dates over 200 days,
 * some overdue), then sends BENCH_LIST_REQUESTS (default 300) requests per query shape over
 * BENCH_LIST_CONNECTIONS (default 4) connections and reports p50, p95 and p99 as the client measures
 * them. PostgreSQL (DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test, in a throwaway database)
 * and PGlite (a temporary folder).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { leadOpportunities, leads, roles, userRoles, users } from '../src/db/schema/index.ts';
import { createSession } from '../src/modules/auth/sessions.ts';
import { type LatencyRow, listen, measureGets, openSeeded, printLatencyRows } from './support.ts';

const LEADS = Number(process.env.BENCH_LEADS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 300);
const CONNECTIONS = Number(process.env.BENCH_LIST_CONNECTIONS ?? 1);
const CONSULTANTS = 10;
const DAY = 86_400_000;

const rows: LatencyRow[] = [];

async function seedLeads(db: Database['db'], tag: string) {
  const [consultantRole] = await db.select().from(roles).where(sql`${roles.roleType} = 'Consultant'`);
  const brokers = await db
    .insert(users)
    .values(
      Array.from({ length: CONSULTANTS }, (_, i) => ({
        email: `bench-broker-${tag}-${i}@example.com`,
        firstName: 'Broker',
        lastName: String(i),
        emailVerifiedAt: new Date(),
      })),
    )
    .returning({ uid: users.uid });
  await db.insert(userRoles).values(brokers.map((b) => ({ userUid: b.uid, roleUid: consultantRole!.uid })));
  const now = Date.now();
  const statuses = ['new', 'new', 'new', 'new', 'new', 'new', 'new', 'sold', 'refunded', 'canceled'] as const;
  for (let start = 0; start < LEADS; start += 1000) {
    const n = Math.min(1000, LEADS - start);
    const buyers = await db
      .insert(users)
      .values(
        Array.from({ length: n }, (_, i) => ({
          email: `bench-buyer-${tag}-${start + i}@example.com`,
          firstName: `Buyer${start + i}`,
          lastName: 'Bench',
          emailVerifiedAt: new Date(),
        })),
      )
      .returning({ uid: users.uid });
    const made = await db
      .insert(leads)
      .values(
        buyers.map((b, i) => {
          const k = start + i;
          const status = statuses[k % statuses.length]!;
          const paidAt = new Date(now - ((k * 7919) % 200) * DAY - (k % 1000) * 1000);
          return {
            userUid: b.uid,
            domainName: `bench-${tag}-${k}.com`,
            offerAmountCents: 500_000,
            status,
            consultantUid: brokers[k % CONSULTANTS]!.uid,
            createdAt: paidAt,
            updatedAt: paidAt,
            paidAt,
            responseDueAt: status === 'new' && k % 3 === 0 ? new Date(paidAt.getTime() + 2 * DAY) : null,
            lastVisibleStepAt: k % 3 === 1 ? new Date(paidAt.getTime() + DAY) : null,
            ...(status === 'new' ? {} : { closedAt: new Date(paidAt.getTime() + 10 * DAY) }),
          };
        }),
      )
      .returning({ uid: leads.uid });
    const alternates = made
      .filter((_, i) => (start + i) % 5 === 0)
      .flatMap((l) =>
        ['a', 'b'].map((x) => ({
          leadUid: l.uid,
          domainName: `alt-${x}-${l.uid.slice(0, 8)}.com`,
          createdAt: new Date(),
          updatedAt: new Date(),
        })),
      );
    if (alternates.length) await db.insert(leadOpportunities).values(alternates);
  }
  await db.execute(sql`analyze`);
  return brokers.map((b) => b.uid);
}

async function benchEngine(engine: 'postgres' | 'pglite') {
  const opened = await openSeeded(engine);
  if (!opened) return;
  const { db, hasher } = opened;
  try {
    const tag = randomBytes(3).toString('hex');
    const seeded = Date.now();
    const brokers = await seedLeads(db, tag);
    const seedSeconds = (Date.now() - seeded) / 1000;
    const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent' });
    const app = createApp({ db, config, logger: pino({ level: 'silent' }), hasher });
    const api = await listen(app.fetch);
    const [admin] = await db
      .select({ uid: users.uid })
      .from(users)
      .where(sql`${users.email} = 'admin@demo.test'`);
    const adminToken = await createSession(db, admin!.uid, new Date(), config.session);
    const brokerToken = await createSession(db, brokers[0]!, new Date(), config.session);
    const note = `${LEADS} leads, seeded in ${seedSeconds.toFixed(0)} s`;
    const shapes: { test: string; token: string; paths: string[] }[] = [
      { test: 'baseline: GET /api/myProfile (auth only)', token: brokerToken, paths: ['/api/myProfile'] },
      {
        test: 'consultant: open leads, page 1 (default)',
        token: brokerToken,
        paths: ['/api/consultant/leads'],
      },
      {
        test: 'consultant: pages 1-5, sorted by last step',
        token: brokerToken,
        paths: [1, 2, 3, 4, 5].map((p) => `/api/consultant/leads?page=${p}&sortBy=lastStep&limit=25`),
      },
      {
        test: 'admin: every open lead, page 1',
        token: adminToken,
        paths: ['/api/consultant/leads'],
      },
      {
        test: 'admin: all paid leads, pages 1-20, 100 a page',
        token: adminToken,
        paths: Array.from(
          { length: 20 },
          (_, i) => `/api/consultant/leads?status=all&page=${i + 1}&limit=100`,
        ),
      },
      {
        test: 'admin: search (domain, buyer name, email)',
        token: adminToken,
        paths: [`bench-${tag}-12`, 'Buyer77', `buyer-${tag}-99`, 'nothing-like-it'].map(
          (q) => `/api/consultant/leads?status=all&search=${encodeURIComponent(q)}`,
        ),
      },
      {
        test: 'admin: overdue, one broker, by domain',
        token: adminToken,
        paths: [
          `/api/consultant/leads?overdue=true&consultantUID=${brokers[1]}&sortBy=domainName&sortType=ASC`,
        ],
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
    await opened.drop();
  }
}

console.log(
  `Broker lead list: ${LEADS} leads, ${REQUESTS} requests per shape over ${CONNECTIONS} connections (BENCH_LEADS, BENCH_LIST_REQUESTS, BENCH_LIST_CONNECTIONS). Goal: p95 under 50 ms on PostgreSQL.\n`,
);
await benchEngine('postgres');
if (!process.env.BENCH_POSTGRES_ONLY) await benchEngine('pglite');

printLatencyRows(rows);
