// The example registrar site (examples/registrar-site/server.mjs) as a child process on its own origin,
// next to a portal. Port 4000 with host `localhost` is the origin the seed's `demo-registrar` allows;
// any other port (e.g. 4001) is an origin the registrar never registered. Used by the e2e specs
// (registrar-site.ts) and by e2e/bench/widget-timing.mjs.
import { join } from 'node:path';
import { startNode, waitForFreePort, waitUntilAnswering } from './processes.mjs';
import { repoRoot } from './server.mjs';

export const registrarSiteEntry = join(repoRoot, 'examples/registrar-site/server.mjs');
/** The registrar the seed creates, with allowedOrigins http://localhost:4000 and http://127.0.0.1:4000. */
export const DEMO_REGISTRAR_ID = 'demo-registrar';
/** The port of the origin `demo-registrar` allows. */
export const ALLOWED_PORT = 4000;
/** A port of an origin no registrar lists. */
export const UNREGISTERED_PORT = 4001;

/**
 * Starts the example site on `port` with PORTAL_URL = `portalURL`, and resolves once it serves
 * index.html filled in with that portal URL (so a stray server of another run on the same port is never
 * mistaken for ours). Fails fast, with the child's output, if the process dies.
 * @param {import('./registrar-site.d.mts').StartRegistrarSiteOptions & { portalURL: string }} options
 */
export async function startRegistrarSite(options) {
  const port = options.port ?? ALLOWED_PORT;
  const portalURL = options.portalURL.replace(/\/+$/, '');
  const registrarId = options.registrarId ?? DEMO_REGISTRAR_ID;
  const url = `http://localhost:${port}`;
  // Another e2e run in the same tree may hold the port for the length of its spec file: wait for it
  // (bounded) rather than fail, since the registered origin cannot move to another port.
  await waitForFreePort(
    port,
    options.portWaitMs ?? 90_000,
    `Port ${port} is still in use: the example registrar site must own ${url} (the origin the seed registers). Stop whatever listens there (another e2e run or \`pnpm example\`).`,
  );
  const child = await startNode(registrarSiteEntry, {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      PORTAL_URL: portalURL,
      REGISTRAR_ID: registrarId,
    },
    logFile: options.logFile ?? join(repoRoot, `e2e/.tmp/registrar-site-${port}.log`),
  });
  await waitUntilAnswering(child, {
    what: `The example registrar site (${url})`,
    timeoutMs: options.startTimeoutMs ?? 20_000,
    intervalMs: 100,
    check: async () => {
      const res = await fetch(`${url}/index.html`, { signal: AbortSignal.timeout(2_000) });
      const body = await res.text();
      if (res.status === 200 && body.includes(`${portalURL}/widget.js`)) return true;
      return `status ${res.status}${res.status === 200 ? ' (page not filled with this portal URL)' : ''}`;
    },
  });
  return { url, port, portalURL, registrarId, pid: child.pid, logFile: child.logFile, stop: child.stop };
}
