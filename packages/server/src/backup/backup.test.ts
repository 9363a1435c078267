/**
 * `pnpm backup` / `pnpm restore` end to end, on the engine the suite runs on (PGlite, or PostgreSQL
 * when TEST_DATABASE_URL is set): a seeded database with leads, payments and an upload is backed up by
 * the real command, restored by the real command into a fresh database, and the real server started
 * on it serves the same records and the file. Then the refusals: a non-empty target without --force
 * (and what --force says it replaces), a truncated file, a corrupted one, a file that is not a backup.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { leads, payments, users } from '../db/schema/index.ts';
import { createPasswordHasher } from '../lib/crypto.ts';
import { seed } from '../seed/seed.ts';
import { createTestDatabase, DEMO_PASSWORD, ENGINE, type TestDatabase } from '../test/harness.ts';
import { png } from '../test/images.ts';
import { startServer } from '../test/process.ts';
import { countTables } from './engines.ts';

const serverRoot = new URL('../..', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'backup-test-'));
const UPLOAD = '0f1e2d3c4b5a69788796a5b4c3d2e1f0.png';
const DOMAINS = ['restored-one.com', 'restored-two.net', 'restored-three.org'];

/** One place a database lives: a PostgreSQL database (and a DATA_DIR for its uploads), or a data folder. */
interface Place {
  env: Record<string, string>;
  dataDir: string;
  /** Opens the database (PGlite: takes the folder's lock until closed). */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

let places = 0;
async function newPlace(): Promise<Place> {
  const dataDir = join(work, `place-${++places}`);
  if (ENGINE === 'postgres') {
    const tdb: TestDatabase = await createTestDatabase();
    await tdb.database.close();
    const url = tdb.url as string;
    return {
      env: { DATABASE_URL: url, DATA_DIR: dataDir },
      dataDir,
      open: () => openDatabase({ databaseUrl: url, poolMax: 2 }),
      drop: () => tdb.drop(),
    };
  }
  return { env: { DATA_DIR: dataDir }, dataDir, open: () => openDatabase({ dataDir }), drop: async () => {} };
}

/** Runs the real CLI (as `pnpm backup` / `pnpm restore` do) with the place's configuration. */
function cli(args: string[], place: Place): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/backup/cli.ts', ...args], {
      cwd: serverRoot,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        PASSWORD_HASH_COST: 'test',
        ...place.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout?.on('data', (d) => {
      out += d;
    });
    child.stderr?.on('data', (d) => {
      err += d;
    });
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

async function withDb<T>(place: Place, fn: (d: Database) => Promise<T>): Promise<T> {
  const d = await place.open();
  try {
    return await fn(d);
  } finally {
    await d.close();
  }
}

const tables = (d: Database) =>
  countTables({
    query: async <T>(text: string) => {
      if (d.pglite) return d.pglite.query<T>(text);
      return (await d.db.execute(sql.raw(text))) as unknown as { rows: T[] };
    },
  });

let source: Place;
let sourceCounts: Record<string, number>;
let backupFile: string;
const made: Place[] = [];

beforeAll(async () => {
  source = await newPlace();
  made.push(source);
  await withDb(source, async (d) => {
    await d.migrate();
    await seed(d.db, createPasswordHasher('test'), DEMO_PASSWORD);
    const [buyer] = await d.db.select().from(users).where(eq(users.email, 'buyer@demo.test'));
    const at = new Date('2026-11-20T10:00:00Z');
    for (const [i, domainName] of DOMAINS.entries()) {
      const [lead] = await d.db
        .insert(leads)
        .values({
          userUid: buyer!.uid,
          domainName,
          offerAmountCents: 150_000 + i,
          // one open lead per buyer (decision A12): a sold one, a canceled one, the current one
          status: (['sold', 'canceled', 'new'] as const)[i],
          paidAt: i === 1 ? null : at,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      if (i !== 1)
        await d.db.insert(payments).values({
          leadUid: lead!.uid,
          userUid: buyer!.uid,
          method: 'sandbox',
          status: 'succeeded',
          amountCents: 9_900 + i,
          succeededAt: at,
          createdAt: at,
          updatedAt: at,
        });
    }
    sourceCounts = await tables(d);
  });
  mkdirSync(join(source.dataDir, 'uploads'), { recursive: true });
  writeFileSync(join(source.dataDir, 'uploads', UPLOAD), png());
  backupFile = join(work, 'made-by-the-command.tar');
  const started = performance.now();
  const r = await cli(['backup', '--out', backupFile], source);
  console.log(
    `${ENGINE}: backup took ${((performance.now() - started) / 1000).toFixed(1)} s (with the CLI's start)`,
  );
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
}, 600_000);

afterAll(async () => {
  for (const p of made) await p.drop().catch(() => {});
  rmSync(work, { recursive: true, force: true });
});

const isEmpty = async (place: Place) => {
  if (ENGINE === 'pglite')
    return !existsSync(join(place.dataDir, 'PG_VERSION')) && !existsSync(join(place.dataDir, 'uploads'));
  const n = await withDb(place, async (d) => Object.keys(await tables(d)).length);
  return n === 0 && !existsSync(join(place.dataDir, 'uploads'));
};

describe(`pnpm backup and pnpm restore (${ENGINE})`, () => {
  let restored: Place;

  it('restores into a fresh database that the server starts on, with the same records and the uploaded file', async () => {
    expect(statSync(backupFile).size).toBeGreaterThan(0);
    restored = await newPlace();
    made.push(restored);
    const started = performance.now();
    const r = await cli(['restore', backupFile], restored);
    console.log(
      `${ENGINE}: restore took ${((performance.now() - started) / 1000).toFixed(1)} s (with the CLI's start)`,
    );
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('every checksum matches');

    await withDb(restored, async (d) => {
      expect(await tables(d)).toEqual(sourceCounts);
      expect(sourceCounts.leads).toBe(3);
      expect(sourceCounts.payments).toBe(2);
      const rows = await d.db.select().from(leads).orderBy(asc(leads.offerAmountCents));
      expect(rows.map((l) => [l.domainName, l.offerAmountCents])).toEqual([
        [DOMAINS[0], 150_000],
        [DOMAINS[1], 150_001],
        [DOMAINS[2], 150_002],
      ]);
      const paid = await d.db.select().from(payments).orderBy(asc(payments.amountCents));
      expect(paid.map((p) => [p.status, p.amountCents])).toEqual([
        ['succeeded', 9_900],
        ['succeeded', 9_902],
      ]);
    });
    expect(readFileSync(join(restored.dataDir, 'uploads', UPLOAD))).toEqual(Buffer.from(png()));

    const server = startServer(restored.env);
    try {
      const port = await server.waitListening();
      const base = `http://127.0.0.1:${port}/api`;
      const login = await fetch(`${base}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'buyer@demo.test', password: DEMO_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const { token } = ((await login.json()) as { data: { token: string } }).data;
      const mine = await fetch(`${base}/getMyLeads`, { headers: { authorization: `Bearer ${token}` } });
      expect(mine.status).toBe(200);
      const body = (await mine.json()) as {
        data: { domainName: string; payments: { amountPaid: number }[] }[];
      };
      expect(body.data.map((l) => l.domainName).sort()).toEqual([...DOMAINS].sort());
      expect(body.data.flatMap((l) => l.payments).length).toBe(2);
      const file = await fetch(`${base}/files/${UPLOAD}`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(png());
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 600_000);

  it('refuses a non-empty target without --force; --force says what it replaces, then replaces it', async () => {
    // The server run above signed the buyer in: a session the backup does not have.
    const before = await withDb(restored, tables);
    expect(before.sessions).toBeGreaterThan(sourceCounts.sessions ?? 0);
    const refused = await cli(['restore', backupFile], restored);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('Refused: the target is not empty');
    expect(refused.err).toContain('add --force to replace it');
    expect(await withDb(restored, tables)).toEqual(before);

    const forced = await cli(['restore', backupFile, '--force'], restored);
    expect(forced.err).toBe('');
    expect(forced.code).toBe(0);
    expect(forced.out).toContain('--force: this replaces what is there now');
    expect(forced.out).toContain(`  leads: 3 rows`);
    expect(forced.out).toContain(`  sessions: ${before.sessions} rows`);
    expect(forced.out).toContain('  uploads: 1 files');
    expect(await withDb(restored, tables)).toEqual(sourceCounts);
  }, 600_000);

  it('refuses a truncated file, a corrupted one and a file that is not a backup, writing nothing', async () => {
    const target = await newPlace();
    made.push(target);
    const size = statSync(backupFile).size;

    const truncated = join(work, 'truncated.tar');
    copyFileSync(backupFile, truncated);
    truncateSync(truncated, Math.floor(size / 2));
    const corrupted = join(work, 'corrupted.tar');
    const bytes = readFileSync(backupFile);
    bytes[4096] = (bytes[4096] ?? 0) ^ 0xff; // inside the database dump, after the manifest
    writeFileSync(corrupted, bytes);
    const notBackup = join(work, 'notes.txt');
    writeFileSync(notBackup, 'these are not the rows you are looking for\n'.repeat(40));
    const empty = join(work, 'empty.tar');
    writeFileSync(empty, '');

    for (const [file, message] of [
      [truncated, 'is truncated'],
      [corrupted, 'is corrupted: database.'],
      [notBackup, 'is not a Domain Broker backup'],
      [empty, 'is empty'],
      [join(work, 'missing.tar'), 'cannot be read'],
    ] as const) {
      const r = await cli(['restore', file], target);
      expect(r.code, file).toBe(1);
      expect(r.err).toContain(`Refused: ${file} ${message}`);
      expect(r.err).toContain('Nothing was written.');
      expect(await isEmpty(target)).toBe(true);
    }
    if (ENGINE === 'pglite')
      expect(existsSync(target.dataDir) ? readdirSync(target.dataDir) : []).toEqual([]);
  }, 600_000);
});
