/**
 * Every background job of the product, in one list (docs/operations.md "Background jobs" names them
 * and says when each runs). main.ts starts one runner (runner.ts) with it; a new job is declared in its
 * own file here and added below.
 */
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { Logger } from '#server/lib/logger.ts';
import { createMailer, enqueueMail, type MailTransport } from '#server/lib/mail/index.ts';
import { createWebhookWorker } from '#server/modules/webhooks/deliver.ts';
import type { Job } from './define.ts';
import { housekeepingJob } from './housekeeping.ts';
import { MAIL_OUTBOX_JOB, mailOutboxJob } from './mail-outbox.ts';
import { scheduledJobs } from './scheduled.ts';
import { webhookDeliveriesJob } from './webhook-deliveries.ts';

export interface ProductJobDeps {
  db: Db;
  config: Config;
  logger: Logger;
  /** The runner's holder (runner.ts `processHolder`). */
  holder: string;
  /** Asks the runner for a run of a job now (the mail job after a run queued mail). */
  nudge: (job: string) => void;
  now?: Clock;
  /** The mail transport (tests give a stand-in's); from the configuration otherwise. */
  mailTransport?: MailTransport;
}

export interface ProductJobs {
  jobs: Job[];
  /** Closes what the jobs opened (the SMTP connection), after the runner has stopped. */
  close(): void;
}

export function productJobs(deps: ProductJobDeps): ProductJobs {
  const { db, config, logger } = deps;
  const mailer = createMailer({
    db,
    config,
    logger,
    ...(deps.mailTransport ? { transport: deps.mailTransport } : {}),
  });
  const webhooks = createWebhookWorker({
    db,
    now: deps.now ?? (() => new Date()),
    production: config.isProduction,
    logger,
  });
  const jobs: Job[] = [mailOutboxJob(mailer), webhookDeliveriesJob(webhooks), housekeepingJob];
  // APPRAISAL_SCHEDULER=false leaves the scheduled work to other processes (or to none, in tests)
  if (config.appraisal.scheduler) {
    jobs.push(
      ...scheduledJobs({
        db,
        publicUrl: config.publicUrl,
        enqueueMail: (tx, mail) => enqueueMail(tx, mail, config.publicUrl),
        holder: deps.holder,
        onMailQueued: () => deps.nudge(MAIL_OUTBOX_JOB),
      }),
    );
  }
  return { jobs, close: () => mailer.close() };
}

/** The depth of every queue job's table, for the metrics (a queue that cannot be read is left out). */
export async function queueDepths(
  db: Db,
  jobs: readonly Job[],
): Promise<Array<{ queue: string; waiting: number; oldestAt: Date | null }>> {
  const now = new Date();
  const read = await Promise.all(
    jobs.map(async (job) => {
      if (job.trigger.kind !== 'queue') return null;
      const depth = await job.trigger.depth(db, now).catch(() => null);
      return depth ? { queue: job.name, ...depth } : null;
    }),
  );
  return read.filter((q) => q !== null);
}
