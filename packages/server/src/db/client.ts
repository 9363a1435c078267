/**
 * Database access: Drizzle over `pg` (DATABASE_URL) or over embedded PGlite (DATA_DIR, or memory).
 * Both expose the same PgDatabase API; services never know which engine they run on.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { useNamedStatements } from './pglite-statements.ts';
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
  /** PostgreSQL's pool: open connections, idle ones, requests waiting (none for the embedded engine). */
  poolStats?: () => { total: number; idle: number; waiting: number };
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

/** This boot of the machine (Linux); undefined elsewhere. */
function bootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** When a process started, in clock ticks since boot (Linux /proc/PID/stat, field 22); undefined elsewhere. */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** Who holds a lock: a process is the same one only if its PID, boot and start time all match. */
export interface LockHolder {
  pid: number;
  bootId?: string;
  startTime?: string;
}

export function currentLockHolder(): LockHolder {
  return { pid: process.pid, bootId: bootId(), startTime: processStartTime(process.pid) };
}

/**
 * Is the process that wrote the lock still running? A PID alone is not enough: in a container the
 * server is PID 1 on every start, so a crashed PID 1's lock would look held forever by its successor.
 * The lock also records the boot id and the process's start time, so a PID that now belongs to
 * another process (a later boot, a restarted container, a reused PID) does not count as the holder.
 */
function holderAlive(holder: LockHolder): boolean {
  if (!pidAlive(holder.pid)) return false;
  if (holder.bootId === undefined && holder.startTime === undefined) return holder.pid !== process.pid; // a plain-PID lock of an older version: never ourselves
  const boot = bootId();
  if (holder.bootId !== undefined && boot !== undefined && holder.bootId !== boot) return false;
  const started = processStartTime(holder.pid);
  return holder.startTime === undefined || started === undefined || holder.startTime === started;
}

function parseHolder(text: string): LockHolder {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed) };
  const parsed = JSON.parse(trimmed) as LockHolder;
  return { pid: Number(parsed.pid), bootId: parsed.bootId, startTime: parsed.startTime };
}

/**
 * Takes the folder's lock file (exclusive create, holding our PID, boot id and start time). A lock
 * whose holder is gone is taken over; a live one refuses with DatabaseLockedError. Returns the release
 * function.
 */
export function acquireDataDirLock(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'domain-broker.lock');
  const me = JSON.stringify(currentLockHolder());
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, me);
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, 'utf8') === me) rmSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let holder: LockHolder;
      try {
        holder = parseHolder(readFileSync(file, 'utf8'));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue; // removed between our open and read
        holder = { pid: Number.NaN }; // unreadable: half-written by a crashed process
      }
      if (holderAlive(holder)) throw new DatabaseLockedError(resolve(dir), holder.pid);
      rmSync(file, { force: true }); // stale lock from a process that is gone
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
  /**
   * PostgreSQL: how long to wait for a connection, and for any statement, before giving up (the
   * request then answers 503). Bounds every request when the database is frozen. Default 5000 ms.
   */
  timeoutMs?: number;
  logger?: Logger;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const timeoutMs = opts.timeoutMs ?? 5000;
    const base: pg.PoolConfig = {
      connectionString: opts.databaseUrl,
      keepAlive: true,
      ...(opts.searchPath ? { options: `-c search_path=${opts.searchPath}` } : {}),
    };
    const pool = new pg.Pool({
      ...base,
      max: opts.poolMax ?? 10,
      connectionTimeoutMillis: timeoutMs,
      // The server cancels a slow statement; the client gives up on a server that stopped answering.
      statement_timeout: timeoutMs,
      query_timeout: timeoutMs + 1000,
      idle_in_transaction_session_timeout: timeoutMs * 2,
    });
    // Every connection error is handled: an idle client losing its connection is reported by the pool,
    // a checked-out one (inside a transaction, between two statements) by the client itself. Without a
    // listener either would be an unhandled 'error' event that ends the process (57P01 on restart).
    pool.on('error', (err) => opts.logger?.warn({ err }, 'postgres connection lost (idle)'));
    pool.on('connect', (client) => {
      client.on('error', (err) => opts.logger?.warn({ err }, 'postgres connection lost'));
    });
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      // Migrations get a connection of their own, without the statement timeout.
      migrate: async () => {
        const own = new pg.Pool({ ...base, max: 1 });
        own.on('error', (err) => opts.logger?.warn({ err }, 'postgres connection lost (migrations)'));
        try {
          await migratePg(drizzlePg({ client: own, schema }) as never, {
            migrationsFolder: migrationsFolder(),
          });
        } finally {
          await own.end();
        }
      },
      ping: async () => {
        try {
          await db.execute(sql`select 1`);
          return true;
        } catch {
          return false;
        }
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  const inMemory = opts.memory || !opts.dataDir || opts.dataDir.startsWith('memory://');
  const release = inMemory ? () => {} : acquireDataDirLock(opts.dataDir as string);
  let client: PGlite;
  try {
    // pg_trgm serves the workspace's substring searches (migration 0009), as on PostgreSQL.
    const extensions = { pg_trgm };
    client = inMemory
      ? new PGlite(opts.loadDataDir ? { loadDataDir: opts.loadDataDir, extensions } : { extensions })
      : new PGlite(resolve(opts.dataDir as string), { extensions });
    await client.waitReady;
  } catch (e) {
    release();
    throw e;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  useNamedStatements(db, client);
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
