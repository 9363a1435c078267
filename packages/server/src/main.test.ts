/**
 * The real process: boot on an empty embedded database (migrations, demo seed, listening), a second
 * process on the same folder refusing with the lock message, graceful SIGTERM, and a bad configuration
 * stopping the boot with every bad variable named.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'development',
      PASSWORD_HASH_COST: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => out };
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const kill = (c: ChildProcess) => {
  if (c.exitCode === null) c.kill('SIGKILL');
};

describe('main.ts', () => {
  it('boots on an empty folder with demo data, locks the folder, and stops cleanly on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'main-boot-'));
    const first = start({ DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1' });
    try {
      await until(() => /"msg":"listening"/.test(first.output()), 'the first process to listen');
      expect(first.output()).toContain('admin@demo.test');
      const port = Number(first.output().match(/"port":(\d+)/)?.[1]);
      const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.test', password: 'Demo@Pass1' }),
      });
      expect(login.status).toBe(200);

      const second = start({ DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1' });
      try {
        expect(await second.exited).toBe(1);
        expect(second.output()).toContain(`is already in use by process ${first.child.pid}`);
      } finally {
        kill(second.child);
      }

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(first.output()).toContain('"msg":"stopped"');
    } finally {
      kill(first.child);
    }
  }, 120_000);

  it('refuses a bad configuration, naming every bad variable', async () => {
    const p = start({ PORT: 'eighty', DATABASE_URL: 'mysql://nope', BLOCKED_COUNTRIES: 'Narnia' });
    try {
      expect(await p.exited).toBe(1);
      for (const name of ['PORT', 'DATABASE_URL', 'BLOCKED_COUNTRIES']) expect(p.output()).toContain(name);
    } finally {
      kill(p.child);
    }
  }, 60_000);
});
