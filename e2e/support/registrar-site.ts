// The example registrar site (examples/registrar-site/server.mjs) as a child process on its own origin,
// next to the portal the harness started. Port 4000 with host `localhost` is the origin the seed's
// `demo-registrar` allows; any other port (e.g. 4001) is an origin the registrar never registered.
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { baseURL } from './env.ts';
import { repoRoot } from './server.mjs';

export const registrarSiteEntry = join(repoRoot, 'examples/registrar-site/server.mjs');
/** The registrar the seed creates, with allowedOrigins http://localhost:4000 and http://127.0.0.1:4000. */
export const DEMO_REGISTRAR_ID = 'demo-registrar';
/** The port of the origin `demo-registrar` allows. */
export const ALLOWED_PORT = 4000;
/** A port of an origin no registrar lists. */
export const UNREGISTERED_PORT = 4001;

export interface RegistrarSite {
  /** e.g. http://localhost:4000 (no trailing slash) */
  url: string;
  port: number;
  portalURL: string;
  registrarId: string;
  pid: number | undefined;
  logFile: string;
  stop(): Promise<void>;
}

export interface StartRegistrarSiteOptions {
  /** Where the example loads /widget.js and the frame from. Default: the harness server's URL. */
  portalURL?: string;
  /** Default 4000 (the registered origin). */
  port?: number;
  registrarId?: string;
  /** Bounded wait for the first answer (default 20 s). */
  startTimeoutMs?: number;
  /** Bounded wait for the port to be free, e.g. while another e2e run uses it (default 90 s). */
  portWaitMs?: number;
}

/** True when something already accepts connections on localhost:port (IPv4 or IPv6). */
function portTaken(port: number): Promise<boolean> {
  const probe = (host: string) =>
    new Promise<boolean>((res) => {
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

/**
 * Starts the example site on `port` with PORTAL_URL = the portal, and resolves once it serves index.html
 * filled in with that portal URL (so a stray server of another run on the same port is never mistaken
 * for ours). Fails fast, with the child's output, if the port is taken or the process dies.
 */
export async function startRegistrarSite(options: StartRegistrarSiteOptions = {}): Promise<RegistrarSite> {
  const port = options.port ?? ALLOWED_PORT;
  const portalURL = (options.portalURL ?? baseURL()).replace(/\/+$/, '');
  const registrarId = options.registrarId ?? DEMO_REGISTRAR_ID;
  const url = `http://localhost:${port}`;
  // Another e2e run in the same tree may hold the port for the length of its spec file: wait for it
  // (bounded) rather than fail, since the registered origin cannot move to another port.
  const portDeadline = Date.now() + (options.portWaitMs ?? 90_000);
  while (await portTaken(port)) {
    if (Date.now() > portDeadline) {
      throw new Error(
        `Port ${port} is still in use: the example registrar site must own ${url} (the origin the seed registers). Stop whatever listens there (another e2e run or \`pnpm example\`).`,
      );
    }
    await new Promise((r) => setTimeout(r, 500)); // poll interval of a bounded wait
  }

  const logFile = join(repoRoot, `e2e/.tmp/registrar-site-${port}.log`);
  await mkdir(dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile, { flags: 'w' });
  const child: ChildProcess = spawn(process.execPath, [registrarSiteEntry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      PORTAL_URL: portalURL,
      REGISTRAR_ID: registrarId,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  let hasExited = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) =>
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
      }, 5_000);
      await exited;
      clearTimeout(timer);
    }
    log.end();
  };

  const deadline = Date.now() + (options.startTimeoutMs ?? 20_000);
  let last = 'no answer yet';
  for (;;) {
    if (hasExited) {
      const { code, signal } = await exited;
      await stop();
      throw new Error(
        `The example registrar site exited during start (code ${code}, signal ${signal}):\n${tail}`,
      );
    }
    try {
      const res = await fetch(`${url}/index.html`, { signal: AbortSignal.timeout(2_000) });
      const body = await res.text();
      if (res.status === 200 && body.includes(`${portalURL}/widget.js`)) break;
      last = `status ${res.status}${res.status === 200 ? ' (page not filled with this portal URL)' : ''}`;
    } catch (err) {
      const e = err as { cause?: { code?: string }; message?: string };
      last = String(e.cause?.code ?? e.message ?? err);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `The example registrar site did not serve ${url}/index.html in time (${last}):\n${tail}`,
      );
    }
    await new Promise((r) => setTimeout(r, 100)); // poll interval of a bounded wait
  }

  return { url, port, portalURL, registrarId, pid: child.pid, logFile, stop };
}

/**
 * Per spec file: starts the example site before the tests (on the allowed port by default) and stops it
 * after. `site()` returns it inside tests.
 */
export function useRegistrarSite(options: StartRegistrarSiteOptions = {}): () => RegistrarSite {
  let started: RegistrarSite | undefined;
  beforeAll(async () => {
    started = await startRegistrarSite(options);
  });
  afterAll(async () => {
    await started?.stop();
  });
  return () => {
    if (!started) throw new Error('useRegistrarSite(): the site is not started (call it inside a test)');
    return started;
  };
}
