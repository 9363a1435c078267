/**
 * Database access: Drizzle over `pg` (DATABASE_URL) or over embedded PGlite (DATA_DIR, or memory).
 * Both expose the same PgDatabase API; services never know which engine they run on.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** What a service receives for "run this inside the caller's transaction". */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  /** The PGlite instance (embedded engine only). */
  pglite?: PGlite;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** True when the database answers SELECT 1. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

interface Logger {
  error(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

/** Finds the migrations folder: next to this file in source (src/db/migrations) or next to the bundle. */
export function migrationsFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [
    join(here, 'migrations'),
    join(here, 'db', 'migrations'),
    join(here, '..', 'src', 'db', 'migrations'),
  ];
  for (const c of candidates) if (existsSync(join(c, 'meta', '_journal.json'))) return c;
  throw new Error(`Migrations folder not found (looked in ${candidates.join(', ')})`);
}

export class DatabaseLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is already in use by process ${pid}. ` +
        'Only one process may open a PGlite data folder: stop the other process, or use DATABASE_URL (PostgreSQL) to run several.',
    );
    this.name = 'DatabaseLockedError';
  }
}

function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the folder's lock file (exclusive create, holding our pid). A lock left by a dead process is
 * taken over; a live one refuses with DatabaseLockedError. Returns the release function.
 */
export function acquireDataDirLock(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'domain-broker.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let holder = Number.NaN;
      try {
        holder = Number(readFileSync(file, 'utf8').trim());
      } catch {
        continue; // removed between our open and read: try again
      }
      if (pidAlive(holder)) throw new DatabaseLockedError(resolve(dir), holder);
      rmSync(file, { force: true }); // stale lock from a dead process
    }
  }
  throw new Error(`Could not take the lock on ${resolve(dir)}`);
}

export interface OpenOptions {
  /** postgres:// URL; when set, PGlite is not used. */
  databaseUrl?: string;
  /** PGlite data folder; 'memory://' (or undefined with memory: true) keeps it in memory. */
  dataDir?: string;
  memory?: boolean;
  /** In memory only: start from a dumped data folder (PGlite dumpDataDir), skipping initdb (tests). */
  loadDataDir?: Blob;
  /** A PostgreSQL schema to use as search_path (tests create a throwaway schema per file). */
  searchPath?: string;
  poolMax?: number;
  logger?: Logger;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolMax ?? 10,
      ...(opts.searchPath ? { options: `-c search_path=${opts.searchPath}` } : {}),
    });
    // An idle client losing its connection (database restart) must never crash the process.
    pool.on('error', (err) => opts.logger?.error({ err }, 'postgres pool error'));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder: migrationsFolder() }),
      ping: async () => {
        try {
          await db.execute(sql`select 1`);
          return true;
        } catch {
          return false;
        }
      },
      close: () => pool.end(),
    };
  }
  const inMemory = opts.memory || !opts.dataDir || opts.dataDir.startsWith('memory://');
  const release = inMemory ? () => {} : acquireDataDirLock(opts.dataDir as string);
  let client: PGlite;
  try {
    client = inMemory
      ? new PGlite(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {})
      : new PGlite(resolve(opts.dataDir as string));
    await client.waitReady;
  } catch (e) {
    release();
    throw e;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    pglite: client,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
    ping: async () => {
      if (closed) return false;
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/** True when the database has no tables of ours yet (used to seed the first start of an embedded db). */
export async function isEmpty(db: Db): Promise<boolean> {
  const rows = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${schema.users}`);
  return Number((rows as unknown as { rows: { n: number }[] }).rows?.[0]?.n ?? 0) === 0;
}
