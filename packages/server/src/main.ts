/**
 * Boot: configuration, database (+ migrations, + demo data on the first start of an empty embedded
 * database), the background jobs' runner (src/jobs), HTTP server. SIGTERM/SIGINT: stop accepting, finish
 * requests (answering with Connection: close, closing idle keep-alive sockets), stop the jobs, close the
 * database and its lock, exit 0 within SHUTDOWN_GRACE_SECONDS.
 */
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { MAIL_OUTBOX_JOB } from './jobs/mail-outbox.ts';
import { productJobs, queueDepths } from './jobs/registry.ts';
import { createJobRunner, processHolder } from './jobs/runner.ts';
import { createPasswordHasher } from './lib/crypto.ts';
import { createLogger } from './lib/logger.ts';
import { createMetrics } from './lib/metrics.ts';
import { gracefulServer } from './lib/shutdown.ts';
import { openGeoip } from './modules/location/service.ts';
import { prepareDatabase } from './seed/first-start.ts';
import { demoLoginsText } from './seed/seed.ts';

function defaultStaticDir(): string | undefined {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const c of [resolve(here, '../../portal/dist'), resolve(here, '../../../packages/portal/dist')]) {
    if (existsSync(resolve(c, 'index.html'))) return c;
  }
  return undefined;
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const logger = createLogger(config.logLevel);
  if (config.geoipDb) await openGeoip(config.geoipDb); // fail at boot, not on the first visitor

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    timeoutMs: config.databaseTimeoutMs,
    logger,
  });
  await database.migrate();
  const hasher = createPasswordHasher(config.passwordHashCost);
  // Reference data always; demo accounts never in production; ADMIN_EMAIL's first administrator.
  await prepareDatabase({ database, config, hasher, logger });

  // Every background job (src/jobs/registry.ts) runs under the one runner; leased jobs run in one process.
  const holder = processHolder();
  const background = productJobs({
    db: database.db,
    config,
    logger,
    holder,
    nudge: (job) => runner.nudge(job),
  });
  // One registry for the requests and the jobs: GET /metrics serves both (docs/operations.md "Metrics").
  const metrics = createMetrics();
  const runner = createJobRunner({
    db: database.db,
    logger,
    jobs: background.jobs,
    holder,
    observe: (run) => metrics.jobRun(run.job, run.outcome, run.durationMs / 1000),
  });
  metrics.setSources({
    ...(database.poolStats ? { pool: database.poolStats } : {}),
    queues: () => queueDepths(database.db, background.jobs),
  });
  runner.start();
  const staticDir = config.staticDir ?? defaultStaticDir();
  const app = createApp({
    db: database.db,
    config,
    logger,
    hasher,
    staticDir,
    ping: database.ping,
    onMailQueued: () => runner.nudge(MAIL_OUTBOX_JOB),
    metrics,
  });

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const url = config.publicUrl;
    logger.info({ port: info.port, database: database.kind, staticDir: staticDir ?? null }, 'listening');
    if (!config.isProduction) {
      console.log(
        `\nDomain Broker is running at ${url}  (API: ${url}/api, database: ${database.kind === 'pglite' ? `embedded in ${config.dataDir}` : 'PostgreSQL'})`,
      );
      console.log(`Demo logins (created on first start):\n${demoLoginsText(config.demoPassword)}`);
      if (config.mailTransport === 'outbox')
        console.log(`Mail is kept in the outbox: ${url}/api/dev/outbox?to=<email>\n`);
    }
  });

  const drain = gracefulServer(server as Server);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const graceMs = config.shutdownGraceSeconds * 1000;
    logger.info({ signal, graceMs }, 'shutting down');
    let code = 0;
    try {
      const { forced } = await drain.drain(graceMs);
      if (forced) {
        logger.error({ graceMs }, 'requests still running at the end of the grace period were cut');
        code = 1;
      }
      await runner.stop();
      background.close();
      await database.close(); // also removes the embedded database's lock
      logger.info('stopped');
    } catch (err) {
      logger.error({ err }, 'error while stopping');
      code = 1;
    }
    process.exit(code);
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
