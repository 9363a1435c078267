// Child processes of the e2e harness and the bench scripts (server.mjs, registrar-site.mjs): a port
// probe, a node child with a log file and an output tail, a bounded stop, and a bounded wait for it
// to answer.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { dirname } from 'node:path';

/** True when something already accepts connections on localhost:port (IPv4 or IPv6). */
export function portTaken(port) {
  const probe = (host) =>
    new Promise((res) => {
      const socket = createConnection({ host, port });
      socket.setTimeout(1_000);
      socket.once('connect', () => {
        socket.destroy();
        res(true);
      });
      socket.once('timeout', () => {
        socket.destroy();
        res(false);
      });
      socket.once('error', () => res(false));
    });
  return Promise.all([probe('127.0.0.1'), probe('::1')]).then(([a, b]) => a || b);
}

/** Waits, at most `waitMs`, until nothing listens on `port`; then throws `busyMessage`. */
export async function waitForFreePort(port, waitMs, busyMessage) {
  const deadline = Date.now() + waitMs;
  while (await portTaken(port)) {
    if (Date.now() > deadline) throw new Error(busyMessage);
    await new Promise((r) => setTimeout(r, 500)); // poll interval of a bounded wait
  }
}

/**
 * Starts `node entry` with exactly `env`, its output in `logFile` and its last 4000 characters in
 * `tail()`. `stop()` sends SIGTERM, then SIGKILL after `killAfterMs`, and closes the log.
 * @param {string} entry
 * @param {{ cwd: string, env: Record<string, string>, logFile: string, killAfterMs?: number }} options
 */
export async function startNode(entry, { cwd, env, logFile, killAfterMs = 5_000 }) {
  await mkdir(dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile, { flags: 'w' });
  const child = spawn(process.execPath, [entry], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let tail = '';
  const keep = (chunk) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  let hasExited = false;
  const exited = new Promise((res) =>
    child.once('exit', (code, signal) => {
      hasExited = true;
      res({ code, signal });
    }),
  );
  const stop = async () => {
    if (!hasExited) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => {
        if (!hasExited) child.kill('SIGKILL');
      }, killAfterMs);
      await exited;
      clearTimeout(timer);
    }
    log.end();
  };
  return { pid: child.pid, logFile, tail: () => tail, hasExited: () => hasExited, exited, stop };
}

/**
 * Polls `check()` every `intervalMs` until it returns true (or a string saying what it saw instead),
 * for at most `timeoutMs`. Fails at once, with the child's output, if the child exits; stops the child
 * before failing.
 * @param {Awaited<ReturnType<typeof startNode>>} child
 * @param {{ what: string, check: () => Promise<true | string>, timeoutMs: number, intervalMs: number }} options
 */
export async function waitUntilAnswering(child, { what, check, timeoutMs, intervalMs }) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  for (;;) {
    if (child.hasExited()) {
      const { code, signal } = await child.exited;
      await child.stop();
      throw new Error(
        `${what} exited during start (code ${code}, signal ${signal}). Last output:\n${child.tail()}`,
      );
    }
    try {
      const answer = await check();
      if (answer === true) return;
      last = answer;
    } catch (err) {
      last = String(err?.cause?.code ?? err?.message ?? err);
    }
    if (Date.now() > deadline) {
      await child.stop();
      throw new Error(`${what} did not answer in time (${last}). Last output:\n${child.tail()}`);
    }
    await new Promise((r) => setTimeout(r, intervalMs)); // poll interval of a bounded wait
  }
}
