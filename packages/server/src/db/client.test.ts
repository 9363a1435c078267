import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, ENGINE } from '../test/harness.ts';
import { acquireDataDirLock, currentLockHolder, DatabaseLockedError, openDatabase } from './client.ts';

const tables = async (db: Awaited<ReturnType<typeof openDatabase>>['db']) => {
  const r = await db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = current_schema() order by 1`,
  );
  return (r as unknown as { rows: { table_name: string }[] }).rows.map((x) => x.table_name);
};

describe(`migrations (${ENGINE})`, () => {
  it('build every table from an empty database, and running them again changes nothing', async () => {
    const t = await createTestDatabase();
    try {
      expect(await tables(t.database.db)).toEqual([]);
      await t.database.migrate();
      const after = await tables(t.database.db);
      for (const name of [
        'users',
        'roles',
        'user_roles',
        'sessions',
        'email_codes',
        'rate_limits',
        'registrars',
        'consultant_badges',
        'enquiries',
        'mail_outbox',
      ]) {
        expect(after).toContain(name);
      }
      await t.database.migrate();
      expect(await tables(t.database.db)).toEqual(after);
      expect(await t.database.ping()).toBe(true);
    } finally {
      await t.drop();
    }
  });
});

describe('PGlite folder lock', () => {
  it('refuses a second open of the same folder with a clear message, and frees it on close', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pglite-lock-'));
    const first = await openDatabase({ dataDir: dir });
    try {
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DatabaseLockedError);
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(
        `is already in use by process ${process.pid}. Only one process may open a PGlite data folder`,
      );
    } finally {
      await first.close();
    }
    expect(existsSync(join(dir, 'domain-broker.lock'))).toBe(false);
    const again = await openDatabase({ dataDir: dir });
    await again.migrate();
    await again.close();
  }, 300_000); // two initdb of a PGlite folder: minutes on a busy 2-core machine

  it('takes over a stale lock left by a dead process', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pglite-stale-'));
    const dead = spawnSync(process.execPath, [
      '-e',
      'process.stdout.write(String(process.pid))',
    ]).stdout.toString();
    writeFileSync(join(dir, 'domain-broker.lock'), JSON.stringify({ pid: Number(dead) }));
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(join(dir, 'domain-broker.lock'), 'utf8'))).toEqual(currentLockHolder());
    release();
    expect(existsSync(join(dir, 'domain-broker.lock'))).toBe(false);
  });

  it('takes over the lock of an earlier process that had our PID (a container restarted as PID 1)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pglite-pid1-'));
    const me = currentLockHolder();
    expect(me.startTime).toMatch(/^\d+$/); // Linux: the start time is known
    // Same PID and boot, an earlier start: the process that crashed before this one was started.
    writeFileSync(
      join(dir, 'domain-broker.lock'),
      JSON.stringify({ ...me, startTime: String(Number(me.startTime) - 1) }),
    );
    acquireDataDirLock(dir)();
    // Same PID, another boot of the machine.
    writeFileSync(join(dir, 'domain-broker.lock'), JSON.stringify({ ...me, bootId: 'another-boot' }));
    acquireDataDirLock(dir)();
    // A plain-PID lock (older versions) naming our own PID.
    writeFileSync(join(dir, 'domain-broker.lock'), String(process.pid));
    acquireDataDirLock(dir)();
    expect(existsSync(join(dir, 'domain-broker.lock'))).toBe(false);
  });

  it('refuses a lock held by another live process', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pglite-live-'));
    // A real second process takes the lock and keeps running.
    const holder = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `const { acquireDataDirLock } = await import(${JSON.stringify(new URL('./client.ts', import.meta.url).pathname)}); acquireDataDirLock(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise<void>((r) => holder.stdout?.once('data', () => r()));
      expect(() => acquireDataDirLock(dir)).toThrow(`already in use by process ${holder.pid}`);
      holder.kill('SIGKILL'); // a crash: the lock file stays behind
      await new Promise((r) => holder.once('exit', r));
      expect(existsSync(join(dir, 'domain-broker.lock'))).toBe(true);
      acquireDataDirLock(dir)(); // and is taken over
    } finally {
      holder.kill('SIGKILL');
    }
  });
});
