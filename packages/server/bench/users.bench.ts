/**
 * `tsx bench/users.bench.ts` (the root `pnpm bench` calls it as `users`). Prints figures; asserts
 * nothing. Goal: GET /api/users answers within 50 ms at p95 with 100,000 users on
 * PostgreSQL, searched and sorted.
 *
 * Seeds BENCH_USERS (default 100,000) buyers with generate_series (sign-up times over a year, two in
 * three signed in since), then sends BENCH_LIST_REQUESTS (default 300) requests per query shape over
 * BENCH_LIST_CONNECTIONS (default 1) connections as the demo admin. PostgreSQL (DATABASE_URL, or the
 * local default, in a throwaway database) and, unless BENCH_POSTGRES_ONLY is set, PGlite.
 */
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import { createSession } from '../src/modules/auth/sessions.ts';
import { type LatencyRow, listen, measureGets, openSeeded, printLatencyRows } from './support.ts';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 300);
const CONNECTIONS = Number(process.env.BENCH_LIST_CONNECTIONS ?? 1);
const rows: LatencyRow[] = [];

async function seedUsers(db: Database['db']) {
  // in batches, each well within the database's statement timeout even on a busy machine
  for (let from = 1; from <= USERS; from += 10_000) {
    const to = Math.min(USERS, from + 9_999);
    await db.execute(sql`
      insert into users (email, first_name, last_name, email_verified_at, created_at, updated_at, last_login)
      select 'bench-user-' || i || '@example.com', 'First' || i, 'Last' || (i % 977), now(),
             now() - (i % 525600) * interval '1 minute', now(),
             case when i % 3 = 0 then null else now() - (i % 43200) * interval '1 minute' end
      from generate_series(${from}::int, ${to}::int) as i`);
    await db.execute(sql`
      insert into user_roles (user_uid, role_uid)
      select u.uid, r.uid from users u, roles r
      where r.role_type = 'Buyer' and u.email like 'bench-user-%'
        and not exists (select 1 from user_roles x where x.user_uid = u.uid)`);
  }
  await db.execute(sql`analyze`);
}

async function benchEngine(engine: 'postgres' | 'pglite') {
  const opened = await openSeeded(engine);
  if (!opened) return;
  const { db, hasher } = opened;
  try {
    const seeded = Date.now();
    await seedUsers(db);
    const note = `${USERS} users, seeded in ${((Date.now() - seeded) / 1000).toFixed(0)} s`;
    const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent' });
    const app = createApp({ db, config, logger: pino({ level: 'silent' }), hasher });
    const api = await listen(app.fetch);
    const [admin] = await db
      .select({ uid: users.uid })
      .from(users)
      .where(sql`${users.email} = 'admin@demo.test'`);
    const token = await createSession(db, admin!.uid, new Date(), config.session);
    const shapes: { test: string; paths: string[] }[] = [
      { test: 'baseline: GET /api/myProfile (auth only)', paths: ['/api/myProfile'] },
      { test: 'users: page 1 (createdAt DESC, 10)', paths: ['/api/users'] },
      {
        test: 'users: pages 1-20, by last sign-in, 100 a page',
        paths: Array.from({ length: 20 }, (_, i) => `/api/users?page=${i + 1}&limit=100&sortBy=lastLogin`),
      },
      {
        test: 'users: by email ASC, a deep page',
        paths: ['/api/users?sortBy=email&sortType=ASC&page=5000'],
      },
      {
        test: 'users: search (name, part of an email)',
        paths: ['First4242', 'user-9999', 'Last12', 'nobody-like-this'].map(
          (q) => `/api/users?search=${encodeURIComponent(q)}`,
        ),
      },
      { test: 'users: role filter (Consultant)', paths: ['/api/users?filterBy=role&filterType=Consultant'] },
      {
        test: 'users: role filter (Buyer, nearly all)',
        paths: ['/api/users?filterBy=role&filterType=Buyer'],
      },
    ];
    for (const s of shapes) {
      const r = await measureGets(api.url, token, s.paths, { requests: REQUESTS, connections: CONNECTIONS });
      rows.push({ engine, test: s.test, ...r, note });
    }
    await api.close();
  } finally {
    await opened.drop();
  }
}

console.log(
  `Admin user list: ${USERS} users, ${REQUESTS} requests per shape over ${CONNECTIONS} connections (BENCH_USERS, BENCH_LIST_REQUESTS, BENCH_LIST_CONNECTIONS). Goal: p95 under 50 ms on PostgreSQL.\n`,
);
await benchEngine('postgres');
if (!process.env.BENCH_POSTGRES_ONLY) await benchEngine('pglite');
printLatencyRows(rows);
