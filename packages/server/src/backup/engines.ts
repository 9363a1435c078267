/**
 * The two engines' halves of a backup: PostgreSQL through pg_dump / pg_restore (custom format, the
 * server may keep running), the embedded database through PGlite's own dump of its data folder (the
 * server must be stopped: one process per data folder, docs/operations.md "Several processes").
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { acquireDataDirLock, DatabaseLockedError } from '../db/client.ts';
import { filterTar } from './archive.ts';

export type TableCounts = Record<string, number>;

export interface MigrationLevel {
  /** How many migrations the database has applied (drizzle.__drizzle_migrations). */
  applied: number;
  /** The last one's hash, as Drizzle recorded it. */
  lastHash: string | null;
}

/** The statements both engines answer: our tables and their rows, and the migration level. */
interface Query {
  query<T>(text: string): Promise<{ rows: T[] }>;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function countTables(q: Query): Promise<TableCounts> {
  const { rows } = await q.query<{ schemaname: string; tablename: string }>(
    "select schemaname, tablename from pg_tables where schemaname in ('public', 'drizzle') order by 1, 2",
  );
  const counts: TableCounts = {};
  for (const t of rows) {
    const key = t.schemaname === 'public' ? t.tablename : `${t.schemaname}.${t.tablename}`;
    const r = await q.query<{ n: number }>(
      `select count(*)::int as n from ${quote(t.schemaname)}.${quote(t.tablename)}`,
    );
    counts[key] = Number(r.rows[0]?.n ?? 0);
  }
  return counts;
}

export async function migrationLevel(q: Query): Promise<MigrationLevel> {
  const { rows } = await q.query<{ exists: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as exists",
  );
  if (!rows[0]?.exists) return { applied: 0, lastHash: null };
  const r = await q.query<{ n: number; hash: string | null }>(
    'select count(*)::int as n, (select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1) as hash from drizzle.__drizzle_migrations',
  );
  return { applied: Number(r.rows[0]?.n ?? 0), lastHash: r.rows[0]?.hash ?? null };
}

/** Runs a PostgreSQL client program; its stderr becomes the error. A missing binary says what to install. */
export function runTool(
  cmd: string,
  args: string[],
  opts: { stdin?: NodeJS.ReadableStream } = {},
): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, { stdio: [opts.stdin ? 'pipe' : 'ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr?.on('data', (d) => {
      err += d;
    });
    if (opts.stdin && child.stdin) opts.stdin.pipe(child.stdin);
    child.on('error', (e) => {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT')
        reject(
          new Error(
            `${cmd} was not found. Install the PostgreSQL client programs of the server's major version (Debian: apt-get install postgresql-client-15 for PostgreSQL 15).`,
          ),
        );
      else reject(e);
    });
    child.on('close', (code) => {
      if (code === 0) resolvePromise();
      else reject(new Error(`${cmd} failed (exit ${code}):\n${err.trim()}`));
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// PostgreSQL

/**
 * Dumps the database into `file` (pg_dump custom format). The table counts and the migration level are
 * read in the very snapshot pg_dump uses (an exported snapshot), so the manifest matches the dump even
 * while the server writes.
 */
export async function dumpPostgres(
  url: string,
  file: string,
): Promise<{ counts: TableCounts; migrations: MigrationLevel }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ s: string }>('select pg_export_snapshot() as s')).rows[0]!.s;
    const counts = await countTables(client);
    const migrations = await migrationLevel(client);
    await runTool('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--snapshot=${snapshot}`,
      `--file=${file}`,
      `--dbname=${url}`,
    ]);
    await client.query('commit');
    return { counts, migrations };
  } finally {
    await client.end().catch(() => {});
  }
}

export async function inspectPostgres(
  url: string,
): Promise<{ counts: TableCounts; migrations: MigrationLevel }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return { counts: await countTables(client), migrations: await migrationLevel(client) };
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Restores a custom-format dump in ONE transaction (pg_restore writes the SQL, psql runs it with
 * --single-transaction and ON_ERROR_STOP): a failure leaves the database as it was. `replace` first
 * drops our tables (public) and Drizzle's migration table, inside the same transaction.
 */
export async function restorePostgres(url: string, dumpFile: string, replace: boolean): Promise<void> {
  const prelude = replace
    ? [
        '-c',
        `do $$ declare r record; begin
           for r in select tablename from pg_tables where schemaname = 'public' loop
             execute format('drop table if exists public.%I cascade', r.tablename);
           end loop;
           for r in select sequence_name from information_schema.sequences where sequence_schema = 'public' loop
             execute format('drop sequence if exists public.%I cascade', r.sequence_name);
           end loop;
         end $$`,
        '-c',
        'drop schema if exists drizzle cascade',
      ]
    : [];
  const sqlScript = spawn('pg_restore', ['--no-owner', '--no-privileges', '--file=-', dumpFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let restoreErr = '';
  sqlScript.stderr?.on('data', (d) => {
    restoreErr += d;
  });
  const converted = new Promise<void>((ok, fail) => {
    sqlScript.on('error', (e) =>
      fail(
        (e as NodeJS.ErrnoException).code === 'ENOENT'
          ? new Error(
              "pg_restore was not found. Install the PostgreSQL client programs of the server's major version (Debian: apt-get install postgresql-client-15 for PostgreSQL 15).",
            )
          : e,
      ),
    );
    sqlScript.on('close', (code) =>
      code === 0 ? ok() : fail(new Error(`pg_restore failed (exit ${code}):\n${restoreErr.trim()}`)),
    );
  });
  const applied = runTool(
    'psql',
    ['--no-psqlrc', '--quiet', '--single-transaction', '-v', 'ON_ERROR_STOP=1', ...prelude, '-f', '-', url],
    { stdin: sqlScript.stdout as NodeJS.ReadableStream },
  );
  await Promise.all([converted, applied]);
}

// ---------------------------------------------------------------------------------------------------
// Embedded (PGlite)

/** What in the data folder is not the database: the uploads, our lock, a restore's staging folder. */
function isDatabaseFile(name: string): boolean {
  const top = name.replace(/^\/+/, '').split('/')[0] ?? '';
  return top !== 'uploads' && top !== 'domain-broker.lock' && !top.startsWith('.');
}

const extensions = { pg_trgm };

/**
 * Takes the data folder's lock, or refuses with what to do: a backup or a restore of the embedded
 * database needs the server stopped (PGlite is one process per data folder).
 */
export function lockDataDir(dir: string, doing: 'back up' | 'restore'): () => void {
  try {
    return acquireDataDirLock(dir);
  } catch (e) {
    if (e instanceof DatabaseLockedError) {
      const pid = /process (\d+)/.exec(e.message)?.[1];
      throw new Error(
        `Refused: the embedded database in ${resolve(dir)} is in use by process ${pid} (the server?). ` +
          `Stop the server, then ${doing} again: PGlite is one process per data folder. ` +
          '(On PostgreSQL, DATABASE_URL, a backup runs while the server runs.)',
      );
    }
    throw e;
  }
}

/** True when the data folder holds a database (PGlite's PG_VERSION). */
export function hasPgliteDatabase(dir: string): boolean {
  return existsSync(join(dir, 'PG_VERSION'));
}

/** Opens the data folder's database (the caller holds the lock), runs `fn`, closes it. */
async function withPglite<T>(dir: string, fn: (db: PGlite) => Promise<T>): Promise<T> {
  const db = new PGlite(resolve(dir), { extensions });
  await db.waitReady;
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

export function inspectPglite(dir: string): Promise<{ counts: TableCounts; migrations: MigrationLevel }> {
  return withPglite(dir, async (db) => ({
    counts: await countTables(db),
    migrations: await migrationLevel(db),
  }));
}

/** The database's own dump of its folder, without the uploads and the lock, gzipped. */
export async function dumpPglite(
  dir: string,
): Promise<{ dump: Buffer; counts: TableCounts; migrations: MigrationLevel }> {
  return withPglite(dir, async (db) => {
    const counts = await countTables(db);
    const migrations = await migrationLevel(db);
    const tar = new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
    return { dump: gzipSync(filterTar(tar, isDatabaseFile)), counts, migrations };
  });
}

/**
 * Loads a dump into the data folder (the caller holds the lock). The database is first loaded into a
 * staging folder inside DATA_DIR and opened once; only then is the folder's old database (and its
 * uploads, when `replace`) removed and the new one moved in, so a dump PGlite cannot load changes
 * nothing.
 */
export async function restorePglite(dir: string, dumpGz: Uint8Array): Promise<void> {
  const root = resolve(dir);
  const staging = join(root, `.restore-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    const tar = gunzipSync(dumpGz);
    const db = new PGlite(staging, { extensions, loadDataDir: new Blob([tar]) });
    await db.waitReady;
    await db.query('select 1');
    await db.close();
    for (const name of readdirSync(root))
      if (name !== 'domain-broker.lock' && join(root, name) !== staging)
        rmSync(join(root, name), { recursive: true, force: true });
    for (const name of readdirSync(staging)) renameSync(join(staging, name), join(root, name));
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
