/**
 * Production never seeds demo accounts: it starts with the reference data and the administrator named
 * by ADMIN_EMAIL, whose one-time set-password link works once and expires; `pnpm seed` is refused.
 */
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { roles, users } from '../db/schema/index.ts';
import { createPasswordHasher } from '../lib/crypto.ts';
import { createLogger } from '../lib/logger.ts';
import { createTestDatabase, DEMO_PASSWORD, ENGINE, TestClock, type TestDatabase } from '../test/harness.ts';
import { prepareDatabase } from './first-start.ts';

const production = loadConfig({
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://broker.example',
  ALLOW_OUTBOX_IN_PRODUCTION: 'true',
  ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
  ADMIN_EMAIL: 'Boss@Broker.example',
  LOG_LEVEL: 'silent',
});
const hasher = createPasswordHasher('test');
const logger = createLogger('silent');

let tdb: TestDatabase | undefined;
afterEach(async () => {
  await tdb?.drop();
  tdb = undefined;
});

async function fresh() {
  tdb = await createTestDatabase({ migrated: true });
  await tdb.database.migrate();
  return tdb.database;
}

describe('first start', () => {
  it('in production: no demo account, the reference data, and one administrator with a one-time link', async () => {
    const database = await fresh();
    const clock = new TestClock();
    const printed: string[] = [];
    const result = await prepareDatabase({
      database: { db: database.db, kind: 'pglite' }, // the embedded engine is where demo data used to appear
      config: production,
      hasher,
      logger,
      print: (l) => printed.push(l),
      now: clock.now(),
    });
    expect(result.demoAccounts).toBe(0);
    expect((await database.db.select({ email: users.email }).from(users)).map((u) => u.email)).toEqual([
      'boss@broker.example',
    ]);
    expect((await database.db.select().from(roles)).length).toBeGreaterThanOrEqual(5);
    const link = printed.join('\n').match(/https:\/\/broker\.example\/set-password\?token=([\w-]{43})/);
    expect(link).not.toBeNull();
    const token = link?.[1] as string;

    const app = createApp({ db: database.db, config: production, logger, hasher, now: clock.now });
    const call = async (method: string, path: string, body: unknown) => {
      const res = await app.request(
        `/api${path}`,
        { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
        { incoming: { socket: { remoteAddress: '198.51.100.7' } } },
      );
      return { status: res.status, body: (await res.json()) as { code?: string; data?: { token: string } } };
    };
    const demo = await call('POST', '/login', { email: 'admin@demo.test', password: DEMO_PASSWORD });
    expect(demo.status).toBe(400);
    // The admin has no password until the link is used.
    expect(
      (await call('POST', '/login', { email: 'boss@broker.example', password: 'Chosen@Pass9' })).status,
    ).toBe(400);
    const set = await call('POST', '/setPassword', {
      token,
      password: 'Chosen@Pass9',
      confirmPassword: 'Chosen@Pass9',
    });
    expect(set.status).toBe(200);
    const login = await call('POST', '/login', { email: 'boss@broker.example', password: 'Chosen@Pass9' });
    expect(login.status).toBe(200);
    const again = await call('POST', '/setPassword', {
      token,
      password: 'Other@Pass99',
      confirmPassword: 'Other@Pass99',
    });
    expect(again).toMatchObject({ status: 400, body: { code: 'SET_PASSWORD_LINK_INVALID' } });

    // A second start prints no new link (the administrator exists).
    const second = await prepareDatabase({
      database,
      config: production,
      hasher,
      logger,
      print: (l) => printed.push(l),
    });
    expect(second.adminLink).toBeUndefined();
  });

  it('a link expires after 72 hours, and a new one retires the previous', async () => {
    const database = await fresh();
    const clock = new TestClock();
    const { createAdmin } = await import('../modules/auth/set-password.ts');
    await prepareDatabase({ database, config: { ...production, adminEmail: undefined }, hasher, logger });
    const first = await createAdmin(database.db, 'ops@broker.example', production.publicUrl, clock.now());
    const second = await createAdmin(database.db, 'ops@broker.example', production.publicUrl, clock.now());
    const app = createApp({ db: database.db, config: production, logger, hasher, now: clock.now });
    const use = async (url: string) =>
      (
        await app.request('/api/setPassword', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            token: new URL(url).searchParams.get('token'),
            password: 'Chosen@Pass9',
            confirmPassword: 'Chosen@Pass9',
          }),
        })
      ).status;
    expect(await use(first.url)).toBe(400);
    clock.advance(72 * 3_600_000 + 1000);
    expect(await use(second.url)).toBe(400);
  });

  it(`outside production, an empty embedded database gets the demo accounts (${ENGINE})`, async () => {
    const database = await fresh();
    const result = await prepareDatabase({
      database: { db: database.db, kind: 'pglite' },
      config: loadConfig({ NODE_ENV: 'development' }),
      hasher,
      logger,
    });
    expect(result.demoAccounts).toBeGreaterThan(0);
  });

  it('pnpm seed refuses to run in production', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/seed/cli.ts'], {
      cwd: new URL('../..', import.meta.url).pathname,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://broker.example',
        ALLOW_OUTBOX_IN_PRODUCTION: 'true',
        ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
        DATA_DIR: 'memory://',
      },
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('demo accounts are never seeded in production');
  }, 60_000);
});
