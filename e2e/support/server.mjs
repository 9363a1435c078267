// Starts the *built* server (packages/server/dist/main.js) on a free loopback port over a temporary
// PGlite folder, serving the built portal (packages/portal/dist). Shared by the e2e globalSetup and by
// scripts/lighthouse.mjs / scripts/portal-bench.mjs. Builds nothing: the root test script builds first.
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startNode, waitUntilAnswering } from './processes.mjs';

/** Debian's Chromium; never a downloaded browser. Override with CHROMIUM_PATH. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Without the background-networking flags Chromium keeps dialling Google's hosts, which this network refuses. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const serverEntry = join(repoRoot, 'packages/server/dist/main.js');
export const portalDir = join(repoRoot, 'packages/portal/dist');

/** Throws one clear message naming every missing build output. */
export function assertBuilt() {
  const missing = [];
  if (!existsSync(serverEntry)) missing.push(`${serverEntry} (pnpm --filter @domain-broker/server build)`);
  if (!existsSync(join(portalDir, 'index.html')))
    missing.push(`${join(portalDir, 'index.html')} (pnpm --filter @domain-broker/portal build)`);
  if (missing.length) {
    throw new Error(
      `The e2e run needs the built server and portal; missing:\n  - ${missing.join('\n  - ')}\nRun \`pnpm build\` first (the root \`pnpm test\` does).`,
    );
  }
}

/** A free TCP port on 127.0.0.1 (bind to 0, read it, release it). */
export function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => res(port));
    });
  });
}

/**
 * @param {{ env?: Record<string,string>, logFile?: string, startTimeoutMs?: number }} [options]
 */
export async function startServer(options = {}) {
  assertBuilt();
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'domain-broker-e2e-'));
  // Serve a snapshot of the built portal: a rebuild during the run (another terminal, a watcher)
  // replaces the hashed chunks, and a page would then fail to load its lazy modules.
  const staticDir = join(dataDir, 'portal');
  await cp(portalDir, staticDir, { recursive: true });
  const pgliteDir = join(dataDir, 'pglite');
  const baseURL = `http://127.0.0.1:${port}`;
  const logFile = options.logFile ?? join(repoRoot, 'e2e/.tmp/server.log');
  const child = await startNode(serverEntry, {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      TMPDIR: process.env.TMPDIR ?? tmpdir(),
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: pgliteDir,
      STATIC_DIR: staticDir,
      MAIL_TRANSPORT: 'outbox',
      PASSWORD_HASH_COST: 'test',
      LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'warn',
      // Every run starts on an empty database, but one run signs up and mails several times from
      // 127.0.0.1: keep the limits out of the way (the server suite tests them).
      RATE_LIMIT_SIGNIN_PER_IP: '1000',
      RATE_LIMIT_SIGNIN_PER_ACCOUNT: '100',
      RATE_LIMIT_SIGNUP_PER_IP: '1000',
      RATE_LIMIT_MAIL_PER_IP: '1000',
      RATE_LIMIT_MAIL_PER_ACCOUNT: '50',
      ...options.env,
    },
    logFile,
    killAfterMs: 15_000,
  });
  const stop = async () => {
    await child.stop();
    await rm(dataDir, { recursive: true, force: true });
  };

  // Wait for GET /api/health 200, bounded; fail early if the process dies.
  try {
    await waitUntilAnswering(child, {
      what: 'The server (GET /api/health)',
      timeoutMs: options.startTimeoutMs ?? 90_000,
      intervalMs: 200,
      check: async () => {
        const res = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(5_000) });
        return res.status === 200 || `status ${res.status}`;
      },
    });
  } catch (err) {
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }

  return { baseURL, port, dataDir, staticDir, logFile, pid: child.pid, stop };
}
