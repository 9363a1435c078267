/**
 * Test harness: a fresh, migrated, seeded database per test file (PGlite in memory, or a throwaway
 * PostgreSQL database when TEST_DATABASE_URL is set) and the app built over it with createApp.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { and, desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, migrationsFolder, openDatabase } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { createPasswordHasher } from '../lib/crypto.ts';
import { createLogger } from '../lib/logger.ts';
import { seed } from '../seed/seed.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const ENGINE = TEST_DATABASE_URL ? 'postgres' : 'pglite';
export const DEMO_PASSWORD = 'Demo@Pass1';

export interface TestDatabase {
  database: Database;
  url?: string;
  /** Makes the database disappear under the open connections (PostgreSQL: DROP DATABASE … WITH (FORCE)). */
  pull(): Promise<void>;
  drop(): Promise<void>;
}

/**
 * A migrated PGlite data folder, dumped once and shared by every test worker through a file in the
 * temporary folder (keyed by the migrations and the PGlite version): loading it skips initdb, which is
 * most of the cost of a fresh in-memory PGlite.
 */
const PGLITE_VERSION: string = JSON.parse(
  readFileSync(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url), 'utf8'),
).version;

async function pgliteSnapshot(): Promise<Blob> {
  const dir = migrationsFolder();
  const hash = createHash('sha256').update(PGLITE_VERSION);
  for (const f of readdirSync(dir).sort())
    if (f.endsWith('.sql')) hash.update(f).update(readFileSync(join(dir, f)));
  const file = join(tmpdir(), `domain-broker-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const database = await openDatabase({ memory: true });
  try {
    await database.migrate();
    const dump = await (database.pglite as PGlite).dumpDataDir('none');
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(tmp, new Uint8Array(await dump.arrayBuffer()));
    renameSync(tmp, file); // atomic: a parallel worker sees the whole file or none
    return dump;
  } finally {
    await database.close();
  }
}

/**
 * A new database: PGlite in memory, or CREATE DATABASE on TEST_DATABASE_URL's server. Empty unless
 * `migrated` is asked for (PGlite then starts from the shared migrated snapshot).
 */
export async function createTestDatabase(opts: { migrated?: boolean } = {}): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL) {
    const database = await openDatabase(
      opts.migrated ? { memory: true, loadDataDir: await pgliteSnapshot() } : { memory: true },
    );
    return { database, pull: () => database.close(), drop: () => database.close() };
  }
  const name = `dbtest_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolMax: 5 });
  const dropDatabase = async () => {
    const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await c.connect();
    try {
      await c.query(`drop database if exists "${name}" with (force)`);
    } finally {
      await c.end();
    }
  };
  return {
    database,
    url: url.toString(),
    pull: dropDatabase,
    drop: async () => {
      await database.close().catch(() => {});
      await dropDatabase();
    },
  };
}

export class TestClock {
  constructor(public t = new Date('2026-01-15T12:00:00Z').getTime()) {}
  now = () => new Date(this.t);
  advance(ms: number) {
    this.t += ms;
  }
}

export interface TestAppOptions {
  env?: Record<string, string>;
  deps?: Partial<AppDeps>;
}

export async function createTestApp(opts: TestAppOptions = {}) {
  const config = loadConfig({
    NODE_ENV: 'test',
    PASSWORD_HASH_COST: 'test',
    RATE_LIMIT_SIGNIN_PER_IP: '100000',
    RATE_LIMIT_SIGNIN_PER_ACCOUNT: '100000',
    RATE_LIMIT_SIGNUP_PER_IP: '100000',
    RATE_LIMIT_MAIL_PER_IP: '100000',
    RATE_LIMIT_MAIL_PER_ACCOUNT: '100000',
    // Never the real IANA/RDAP servers: a closed local port, so a lookup is 'unknown' at once
    // (modules/availability/availability.test.ts starts a local stand-in instead).
    RDAP_BOOTSTRAP_URL: 'http://127.0.0.1:9/dns.json',
    ...(process.env.LOG_LEVEL ? { LOG_LEVEL: process.env.LOG_LEVEL } : {}),
    ...opts.env,
  });
  const tdb = await createTestDatabase({ migrated: true });
  const { db } = tdb.database;
  await tdb.database.migrate();
  const hasher = createPasswordHasher('test');
  await seed(db, hasher, DEMO_PASSWORD);
  const clock = new TestClock();
  const logger = createLogger(config.logLevel);
  const app = createApp({ db, config, logger, hasher, now: clock.now, ...opts.deps });

  /** `from`: the client's socket address (what the Node server would see); this machine by default. */
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    from = '127.0.0.1',
  ) => {
    const res = await app.request(
      `/api${path}`,
      {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      },
      { incoming: { socket: { remoteAddress: from } } },
    );
    const text = await res.text();
    // biome-ignore lint/suspicious/noExplicitAny: answers are loosely typed JSON that each test inspects
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = text;
    }
    return { status: res.status, body: json, headers: res.headers };
  };
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  /** Newest outbox message to `to` (optionally of one template). */
  const lastMail = async (to: string, template?: string) => {
    const [row] = await db
      .select()
      .from(mailOutbox)
      .where(template ? and(eq(mailOutbox.to, to), eq(mailOutbox.template, template)) : eq(mailOutbox.to, to))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    return row;
  };
  const lastCode = async (to: string, template = 'verification-code') => {
    const mail = await lastMail(to, template);
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no ${template} mail with a code for ${to}`);
    return code;
  };

  /** Signs up with a password and verifies the code: returns the session token. */
  const register = async (email: string, password = 'Str0ng@Pass', extra: Record<string, unknown> = {}) => {
    const r = await call('POST', '/signup', { email, password, ...extra });
    if (r.status !== 207) throw new Error(`signup ${r.status} ${JSON.stringify(r.body)}`);
    const v = await call('PATCH', '/verifyEmailByCode', { email, verificationCode: await lastCode(email) });
    if (v.status !== 200) throw new Error(`verify ${v.status} ${JSON.stringify(v.body)}`);
    return v.body.data.token as string;
  };

  return { app, db, config, clock, hasher, call, auth, lastMail, lastCode, register, close: tdb.drop };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
