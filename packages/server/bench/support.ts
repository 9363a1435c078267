/**
 * What the HTTP benches share: a server on a free loopback port, and a throwaway database of either
 * engine (PostgreSQL at DATABASE_URL or the local default, in a database created for the run and dropped
 * after it; PGlite in a temporary folder).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/client.ts';
import { createPasswordHasher } from '../src/lib/crypto.ts';
import { seed } from '../src/seed/seed.ts';

export const PG_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export interface Listening {
  url: string;
  close(): Promise<void>;
}

export function listen(fetch: (req: Request) => Response | Promise<Response>): Promise<Listening> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((r) => {
            (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
            server.close(() => r());
          }),
      });
    });
  });
}

export interface BenchDatabase {
  database: Database;
  drop(): Promise<void>;
}

export async function pgDatabase(): Promise<BenchDatabase> {
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolMax: 20 });
  return {
    database,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

export async function pgliteDatabase(): Promise<BenchDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-pglite-'));
  const database = await openDatabase({ dataDir: dir });
  return {
    database,
    drop: async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One measured query shape: client-side latencies of REQUESTS requests. */
export interface LatencyRow {
  engine: string;
  test: string;
  p50: number;
  p95: number;
  p99: number;
  failures: number;
  note: string;
}

function quantile(sorted: number[], q: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

/**
 * Sends `requests` GETs cycling through `paths` over `connections` parallel connections (after a warm-up
 * of the first five paths) and answers p50, p95, p99 and the non-200 count.
 */
export async function measureGets(
  url: string,
  token: string,
  paths: string[],
  { requests, connections }: { requests: number; connections: number },
) {
  const times: number[] = [];
  let failures = 0;
  let next = 0;
  const get = (p: string) => fetch(`${url}${p}`, { headers: { authorization: `Bearer ${token}` } });
  for (const p of paths.slice(0, 5)) await get(p).then((r) => r.text());
  const worker = async () => {
    while (next < requests) {
      const path = paths[next++ % paths.length]!;
      const t0 = performance.now();
      const res = await get(path);
      await res.text();
      times.push(performance.now() - t0);
      if (res.status !== 200) failures++;
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), p99: quantile(times, 0.99), failures };
}

/** The table every latency bench prints. */
export function printLatencyRows(rows: LatencyRow[]): void {
  const pad = (s: string, n: number) => s.padEnd(n);
  const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
  console.log(
    `${pad('engine', 9)} ${pad('test', 48)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'fail'.padStart(5)}  note`,
  );
  for (const r of rows)
    console.log(
      `${pad(r.engine, 9)} ${pad(r.test, 48)} ${ms(r.p50).padStart(7)} ${ms(r.p95).padStart(7)} ${ms(r.p99).padStart(7)} ${String(r.failures).padStart(5)}  ${r.note}`,
    );
}

/**
 * A throwaway database of the engine, migrated and seeded with the demo accounts; null (after saying
 * why) when that engine cannot be reached, so a bench goes on with the other.
 */
export async function openSeeded(engine: 'postgres' | 'pglite') {
  let handle: BenchDatabase;
  try {
    handle = engine === 'postgres' ? await pgDatabase() : await pgliteDatabase();
  } catch (e) {
    console.log(`${engine}: skipped (${(e as Error).message})`);
    return null;
  }
  const hasher = createPasswordHasher('test');
  try {
    await handle.database.migrate();
    await seed(handle.database.db, hasher, 'Demo@Pass1');
  } catch (e) {
    await handle.drop();
    throw e;
  }
  return { db: handle.database.db, hasher, drop: handle.drop };
}
