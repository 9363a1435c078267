import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { chromiumPath } from './support/env.ts';
import { startRdapStandIn } from './support/rdap-standin.mjs';
import { repoRoot, startServer } from './support/server.mjs';

/**
 * Starts a local RDAP stand-in (support/rdap-standin.mjs) and the built server once for the whole run (temporary PGlite folder, built portal as STATIC_DIR,
 * outbox mail, test-cost password hashing) and hands its origin to the specs via provide/inject.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}. Install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH; the suite never downloads a browser.`,
    );
  }
  // The screenshots folder reflects the last run only.
  const shots = join(repoRoot, 'e2e/screenshots');
  await rm(shots, { recursive: true, force: true });
  await mkdir(shots, { recursive: true });

  // The widget's availability check asks this local registry, never the real RDAP servers.
  const rdap = await startRdapStandIn();
  const server = await startServer({ env: { RDAP_BOOTSTRAP_URL: rdap.bootstrapUrl } });
  project.provide('baseURL', server.baseURL);
  console.log(
    `[e2e] server ${server.baseURL} (pid ${server.pid}, data ${server.dataDir}, log ${server.logFile})`,
  );

  return async () => {
    await server.stop();
    await rdap.stop();
  };
}
