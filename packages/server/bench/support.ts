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
