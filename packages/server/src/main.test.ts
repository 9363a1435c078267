/**
 * The real process: boot on an empty embedded database (migrations, demo seed, listening), a second
 * process on the same folder refusing with the lock message, a graceful SIGTERM under keep-alive load,
 * and a bad configuration stopping the boot with every bad variable named.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer, until } from './test/process.ts';

describe('main.ts', () => {
  it('boots on an empty folder with demo data, locks the folder, and drains keep-alive load on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'main-boot-'));
    const first = startServer({ DATA_DIR: dir, SHUTDOWN_GRACE_SECONDS: '8' });
    try {
      const port = await first.waitListening();
      expect(first.output()).toContain('admin@demo.test');
      const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.test', password: 'Demo@Pass1' }),
      });
      expect(login.status).toBe(200);
      const token = ((await login.json()) as { data: { token: string } }).data.token;

      const second = startServer({ DATA_DIR: dir });
      try {
        expect(await second.exited).toBe(1);
        expect(second.output()).toContain(`is already in use by process ${first.child.pid}`);
      } finally {
        second.kill();
      }

      // An idle keep-alive connection: one answered request, then silence.
      const idle = net.connect(port, '127.0.0.1');
      const idleClosed = new Promise<void>((r) => idle.once('close', () => r()));
      idle.on('error', () => {});
      idle.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n`);
      await new Promise((r) => idle.once('data', r));

      // Busy keep-alive connections: six clients asking for the profile without pause.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
      // Errors are expected once the signal is sent; answers count as late once the server has said it
      // is shutting down (a busy process can take a while to get to the signal, and answers in between
      // are ordinary keep-alive answers).
      let signalSent = false;
      let draining = false;
      const answers: { status: number; close: boolean; afterSignal: boolean }[] = [];
      const errorsBefore: string[] = [];
      const get = () =>
        new Promise<void>((resolve, reject) => {
          const afterSignal = draining;
          const req = http.get(
            {
              host: '127.0.0.1',
              port,
              path: '/api/myProfile',
              agent,
              headers: { authorization: `Bearer ${token}` },
            },
            (res) => {
              res.resume();
              res.on('end', () => {
                answers.push({
                  status: res.statusCode ?? 0,
                  close: res.headers.connection === 'close',
                  afterSignal,
                });
                resolve();
              });
            },
          );
          req.on('error', reject);
        });
      const workers = Array.from({ length: 6 }, async () => {
        for (;;) {
          try {
            await get();
          } catch (err) {
            // After SIGTERM a new connection is refused, or a reused one is closed under the request.
            if (!signalSent) errorsBefore.push((err as Error).message);
            return;
          }
        }
      });
      await until(() => answers.length >= 30, 'answers under load', 30_000);

      const lockFile = join(dir, 'domain-broker.lock');
      expect(existsSync(lockFile)).toBe(true);
      signalSent = true;
      const signalledAt = Date.now();
      first.child.kill('SIGTERM');
      await until(() => first.output().includes('"msg":"shutting down"'), 'the shutdown log', 30_000);
      draining = true;
      expect(await first.exited).toBe(0); // 1 would mean the grace period ran out
      const stoppedAfter = Date.now() - signalledAt;
      await Promise.all(workers);
      await idleClosed;
      agent.destroy();

      expect(errorsBefore).toEqual([]);
      expect(answers.every((a) => a.status === 200)).toBe(true);
      // Drained, not kept busy: once the server is shutting down, each connection gets at most the
      // answer it was waiting for and one more, which tells it to close the connection.
      const late = answers.filter((a) => a.afterSignal);
      expect(late.filter((a) => !a.close).length).toBeLessThanOrEqual(6);
      expect(late.length).toBeLessThanOrEqual(12);
      expect(first.output()).toContain('"msg":"stopped"');
      expect(existsSync(lockFile)).toBe(false);
      console.info(
        `SIGTERM under keep-alive load: exit 0 after ${stoppedAfter} ms, ${late.length} answers after the signal (${late.filter((a) => a.close).length} with Connection: close), lock removed`,
      );
    } finally {
      first.kill();
    }
  }, 300_000);

  it('refuses a bad configuration, naming every bad variable', async () => {
    const p = startServer({ PORT: 'eighty', DATABASE_URL: 'mysql://nope', BLOCKED_COUNTRIES: 'Narnia' });
    try {
      expect(await p.exited).toBe(1);
      for (const name of ['PORT', 'DATABASE_URL', 'BLOCKED_COUNTRIES']) expect(p.output()).toContain(name);
    } finally {
      p.kill();
    }
  }, 60_000);
});
