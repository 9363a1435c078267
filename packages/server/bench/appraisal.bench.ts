/**
 * `tsx bench/appraisal.bench.ts` (the root `pnpm bench` calls it). Prints figures; asserts nothing.
 *
 * PUT /api/appraisalDetails/{domain} at BENCH_CONNECTIONS (default 20) for BENCH_DURATION seconds
 * (default 10) each, as a user with AppraisalSearchUnLimit (no daily limit, no burst check), on
 * PostgreSQL (DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test, in a throwaway database) and
 * on PGlite (a temporary folder):
 *   - cached:   100 domains appraised beforehand, requested round-robin (cache hit, history row exists)
 *   - uncached: a new domain every request (engine run, cache insert, new history row)
 *   - baseline: GET /api/health (SELECT 1) through the same stack, for ratios within the run
 * The server runs in a child process (the same file with BENCH_ROLE=server), so the load generator
 * does not share its event loop.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PG_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const WARM = 100;

type Engine = 'postgres' | 'pglite';

// ── server side (child process) ───────────────────────────────────────────────────────────────

async function runServer(engine: Engine) {
  const [
    { serve },
    pg,
    { pino },
    { createApp },
    { loadConfig },
    { openDatabase },
    { users },
    { createPasswordHasher },
    { seed },
    { createSession },
  ] = await Promise.all([
    import('@hono/node-server'),
    import('pg'),
    import('pino'),
    import('../src/app.ts'),
    import('../src/config.ts'),
    import('../src/db/client.ts'),
    import('../src/db/schema/index.ts'),
    import('../src/lib/crypto.ts'),
    import('../src/seed/seed.ts'),
    import('../src/modules/auth/sessions.ts'),
  ]);
  let cleanup: () => Promise<void>;
  let database: Awaited<ReturnType<typeof openDatabase>>;
  if (engine === 'postgres') {
    const name = `bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.default.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString(), poolMax: 20 });
    cleanup = async () => {
      await database.close();
      const c = new pg.default.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'bench-appraisal-'));
    database = await openDatabase({ dataDir: dir });
    cleanup = async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const { db } = database;
  await database.migrate();
  await seed(db, createPasswordHasher('test'), 'Demo@Pass1');
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_COST: 'test',
    SESSION_IDLE_MINUTES: '600',
  });
  const [u] = await db
    .insert(users)
    .values({
      email: `bench-${randomBytes(3).toString('hex')}@example.com`,
      firstName: 'Bench',
      appraisalSearchUnLimit: true,
      emailVerifiedAt: new Date(),
    })
    .returning({ uid: users.uid });
  const token = await createSession(db, u!.uid, new Date(), config.session);
  const app = createApp({ db, config, logger: pino({ level: 'silent' }), ping: database.ping });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
    process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${info.port}`, token })}\n`);
  });
  process.on('SIGTERM', () => {
    (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
    server.close(async () => {
      await cleanup();
      process.exit(0);
    });
  });
}

// ── load side (parent) ────────────────────────────────────────────────────────────────────────

interface Row {
  engine: Engine;
  test: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function startServer(engine: Engine): Promise<{ url: string; token: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    env: { ...process.env, BENCH_ROLE: 'server', BENCH_ENGINE: engine },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    lines.once('line', (line) => resolve({ ...(JSON.parse(line) as { url: string; token: string }), child }));
  });
}

async function benchEngine(engine: Engine, rows: Row[]) {
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer(engine);
  } catch (e) {
    console.log(`${engine}: skipped (${(e as Error).message})`);
    return;
  }
  const { default: autocannon } = await import('autocannon');
  const headers = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' };
  const run = randomBytes(3).toString('hex');
  const warm = Array.from({ length: WARM }, (_, i) => `cachedname${i}x${run}.com`);
  for (const d of warm) {
    const r = await fetch(`${server.url}/api/appraisalDetails/${d}`, { method: 'PUT', headers, body: '{}' });
    if (r.status !== 200) throw new Error(`warm-up ${d}: ${r.status} ${await r.text()}`);
  }
  const measure = async (test: string, pathOf: (n: number) => string, method: 'PUT' | 'GET' = 'PUT') => {
    let n = 0;
    const r = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: DURATION,
      requests: [
        {
          method,
          headers,
          ...(method === 'PUT' ? { body: '{}' } : {}),
          setupRequest: (req) => ({ ...req, path: pathOf(n++) }),
        },
      ],
    });
    rows.push({
      engine,
      test,
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors,
    });
  };
  // Baseline of the same run: the cheapest database round trip through the same stack (SELECT 1).
  await measure('baseline', () => '/api/health', 'GET');
  await measure('cached', (n) => `/api/appraisalDetails/${warm[n % WARM]}`);
  await measure('uncached', (n) => `/api/appraisalDetails/fresh${n}x${run}.com`);
  await new Promise<void>((resolve) => {
    server.child.removeAllListeners('exit');
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
}

async function main() {
  if (process.env.BENCH_ROLE === 'server') {
    await runServer(process.env.BENCH_ENGINE as Engine);
    return;
  }
  console.log(
    `PUT /api/appraisalDetails/{domain}: ${CONNECTIONS} connections, ${DURATION} s each, an unlimited user, server in a child process`,
  );
  const rows: Row[] = [];
  for (const engine of ['postgres', 'pglite'] as const) await benchEngine(engine, rows);
  const pad = (s: string | number, n: number) => String(s).padStart(n);
  console.log(
    `\n${'engine'.padEnd(9)}${'test'.padEnd(10)}${pad('req/s', 8)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('non-2xx', 9)}${pad('errors', 8)}  req/s vs baseline`,
  );
  for (const r of rows) {
    const base = rows.find((x) => x.engine === r.engine && x.test === 'baseline');
    const ratio = r.test === 'baseline' || !base ? '' : `${(r.rps / base.rps).toFixed(2)}x`;
    console.log(
      `${r.engine.padEnd(9)}${r.test.padEnd(10)}${pad(r.rps, 8)}${pad(r.p50, 8)}${pad(r.p99, 8)}${pad(r.non2xx, 9)}${pad(r.errors, 8)}  ${ratio}`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
