/**
 * The database going away under load (PostgreSQL): the real server process keeps running, answers 503
 * SERVICE_UNAVAILABLE while the database refuses it, and recovers by itself once it is back. Every
 * write it acknowledged is in the database afterwards. See docs/operations.md, "Database outage".
 *
 * The outage: the app's database stops accepting connections (ALLOW_CONNECTIONS false) and every
 * backend of the app is terminated (pg_terminate_backend: FATAL 57P01 on each open connection, the
 * same as `pg_ctl stop -m fast`), in the middle of a burst of profile reads and sign-ups.
 *
 * PGlite has no server to lose: the `.pg.test.ts` name keeps this file out of the PGlite run
 * (vitest.config.ts); scripts/test-all.sh runs the suite on PostgreSQL too, where it runs.
 */
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswordHasher } from '../lib/crypto.ts';
import { seed } from '../seed/seed.ts';
import {
  createTestApp,
  createTestDatabase,
  DEMO_PASSWORD,
  TEST_DATABASE_URL,
  type TestDatabase,
} from '../test/harness.ts';
import { type ServerProcess, startServer, until } from '../test/process.ts';
import { openDatabase } from './client.ts';

describe('a PostgreSQL outage under load', () => {
  let tdb: TestDatabase;
  let server: ServerProcess;
  let admin: pg.Client;
  let dbName: string;
  beforeAll(async () => {
    tdb = await createTestDatabase({ migrated: true });
    await tdb.database.migrate();
    await seed(tdb.database.db, createPasswordHasher('test'), DEMO_PASSWORD);
    await tdb.database.close();
    dbName = new URL(tdb.url as string).pathname.slice(1);
    admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    server = startServer({
      DATABASE_URL: tdb.url as string,
      RATE_LIMIT_SIGNUP_PER_IP: '100000',
      RATE_LIMIT_MAIL_PER_IP: '100000',
    });
    await server.waitListening();
  }, 180_000);
  afterAll(async () => {
    server?.kill();
    await admin?.query(`alter database "${dbName}" with allow_connections true`).catch(() => {});
    await admin?.end();
    await tdb?.drop();
  });

  it('keeps the process alive, answers 503 during the outage, 200 after, and loses no acknowledged write', async () => {
    const base = `http://127.0.0.1:${server.port()}/api`;
    const login = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'buyer@demo.test', password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { data: { token: string } }).data.token;

    const statuses: number[] = [];
    const bodies = new Map<number, string>();
    const acknowledged: string[] = [];
    let phase: 'before' | 'outage' | 'after' = 'before';
    const seen = { before: 0, outage503: 0, after200: 0 };
    let first503At = 0;
    let running = true;
    let n = 0;
    const worker = async (w: number) => {
      while (running) {
        const i = n++;
        const signup = i % 3 === 0;
        const email = `outage-${w}-${i}@example.com`;
        try {
          const res = signup
            ? await fetch(`${base}/signup`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ email, password: 'Str0ng@Pass' }),
              })
            : await fetch(`${base}/myProfile`, { headers: { authorization: `Bearer ${token}` } });
          const text = await res.text();
          statuses.push(res.status);
          if (!bodies.has(res.status)) bodies.set(res.status, text);
          if (signup && res.status === 207) acknowledged.push(email);
          if (phase === 'before' && res.status < 300) seen.before++;
          if (phase === 'outage' && res.status === 503) {
            seen.outage503++;
            first503At ||= Date.now();
          }
          if (phase === 'after' && res.status === 200) seen.after200++;
        } catch (err) {
          throw new Error(
            `request failed at the socket (the server died?): ${(err as Error).message}\n${server.output()}`,
          );
        }
      }
    };
    const workers = Array.from({ length: 8 }, (_, w) => worker(w));

    await until(() => seen.before >= 40, 'answers before the outage', 20_000);
    phase = 'outage';
    const outageStarted = Date.now();
    await admin.query(`alter database "${dbName}" with allow_connections false`);
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [dbName],
    );
    await until(() => seen.outage503 >= 20, '503 answers during the outage', 20_000);
    const first503 = first503At - outageStarted;
    const health = await fetch(`${base}/health`);
    expect(health.status).toBe(503);

    await admin.query(`alter database "${dbName}" with allow_connections true`);
    phase = 'after';
    const back = Date.now();
    await until(() => seen.after200 >= 40, '200 answers after the database is back', 20_000);
    const recovered = Date.now() - back;
    running = false;
    await Promise.all(workers);

    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toContain("Unhandled 'error' event");
    // Only success and 503: never a 500, never a dropped connection.
    expect([...new Set(statuses)].sort()).toEqual([200, 207, 503]);
    expect(JSON.parse(bodies.get(503) as string)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect((await fetch(`${base}/health`)).status).toBe(200);

    const found = await new pg.Client({ connectionString: tdb.url });
    await found.connect();
    try {
      const { rows } = await found.query<{ email: string }>('select email from users where email = any($1)', [
        acknowledged,
      ]);
      expect(rows.length).toBe(acknowledged.length);
    } finally {
      await found.end();
    }
    console.info(
      `outage: ${statuses.length} answers (${statuses.filter((s) => s === 503).length} × 503), first 503 after ${first503} ms, ` +
        `recovered ${recovered} ms after the database came back, ${acknowledged.length} acknowledged sign-ups all present`,
    );
  }, 90_000);

  it('answers 503 within seconds when the database freezes (connected, then silent)', async () => {
    // A TCP relay between the app and PostgreSQL that can stop relaying: the database is still
    // "there" (sockets open) but answers nothing, like a SIGSTOP'd postmaster.
    let frozen = false;
    const sockets = new Set<net.Socket>();
    const target = new URL(tdb.url as string);
    const relay = net.createServer((inbound) => {
      const outbound = net.connect(Number(target.port || 5432), target.hostname);
      sockets.add(inbound).add(outbound);
      for (const s of [inbound, outbound]) s.on('error', () => {});
      inbound.on('data', (d) => {
        if (!frozen) outbound.write(d);
      });
      outbound.on('data', (d) => {
        if (!frozen) inbound.write(d);
      });
      inbound.on('close', () => outbound.destroy());
      outbound.on('close', () => inbound.destroy());
    });
    await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
    const viaRelay = new URL(tdb.url as string);
    viaRelay.port = String((relay.address() as net.AddressInfo).port);
    const database = await openDatabase({ databaseUrl: viaRelay.toString(), timeoutMs: 1000 });
    const t = await createTestApp({ deps: { db: database.db, ping: database.ping } });
    try {
      const token = (await t.call('POST', '/login', { email: 'buyer@demo.test', password: DEMO_PASSWORD }))
        .body.data.token as string;
      expect((await t.call('GET', '/myProfile', undefined, t.auth(token))).status).toBe(200);
      frozen = true;
      const started = Date.now();
      const [profile, health] = await Promise.all([
        t.call('GET', '/myProfile', undefined, t.auth(token)),
        t.call('GET', '/health'),
      ]);
      const elapsed = Date.now() - started;
      expect(profile.status).toBe(503);
      expect(profile.body.code).toBe('SERVICE_UNAVAILABLE');
      expect(health.status).toBe(503);
      frozen = false;
      for (const s of sockets) s.destroy(); // the frozen connections are gone for good
      await until(
        async () => (await t.call('GET', '/myProfile', undefined, t.auth(token))).status === 200,
        'the profile to answer again',
        15_000,
      );
      console.info(`frozen database: 503 after ${elapsed} ms (timeout 1000 ms)`);
    } finally {
      await database.close().catch(() => {});
      await t.close();
      relay.close();
    }
  }, 60_000);
});
