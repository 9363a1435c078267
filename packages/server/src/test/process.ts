/**
 * The real server as a child process (src/main.ts through tsx), for the suites that need a process:
 * boot, locks, signals, database outages.
 */
import { type ChildProcess, spawn } from 'node:child_process';

const root = new URL('../..', import.meta.url).pathname;

export interface ServerProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
  /** The port from the "listening" log line (after waitListening). */
  port(): number;
  waitListening(timeoutMs?: number): Promise<number>;
  kill(): void;
}

export function startServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'development',
      PASSWORD_HASH_COST: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      APPRAISAL_SCHEDULER: 'false',
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
  const port = () => Number(out.match(/"msg":"listening"/) && out.match(/"port":(\d+)/)?.[1]);
  return {
    child,
    exited,
    output: () => out,
    port,
    async waitListening(timeoutMs = 150_000) {
      await until(
        () => /"msg":"listening"/.test(out) || child.exitCode !== null,
        'the server to listen',
        timeoutMs,
      );
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${out}`);
      return port();
    },
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

/** Polls `check` every 50 ms until it holds; fails after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}
