/**
 * Every background job of the product, in one list (docs/operations.md "Background jobs" names them
 * and says when each runs). main.ts starts one runner (runner.ts) with it; a new job is declared in its
 * own file here and added below.
 */
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { Logger } from '#server/lib/logger.ts';
import { createMailer, enqueueMail, type Mailer, type MailTransport } from '#server/lib/mail/index.ts';
import { createWebhookWorker, type WebhookWorker } from '#server/modules/webhooks/deliver.ts';
import type { Job } from './define.ts';
import { housekeepingJob } from './housekeeping.ts';
import { MAIL_OUTBOX_JOB, mailOutboxJob } from './mail-outbox.ts';
import { type ScheduledJobDeps, scheduledJobs } from './scheduled.ts';
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
  const jobs = declareJobs(config, {
    mailer,
    webhooks,
    scheduled: {
      db,
      publicUrl: config.publicUrl,
      enqueueMail: (tx, mail) => enqueueMail(tx, mail, config.publicUrl),
      holder: deps.holder,
      onMailQueued: () => deps.nudge(MAIL_OUTBOX_JOB),
    },
  });
  return { jobs, close: () => mailer.close() };
}

/** What the declarations are built over: the mail sender, the webhook worker, the scheduled work's needs. */
interface JobParts {
  mailer: Pick<Mailer, 'flush'>;
  webhooks: Pick<WebhookWorker, 'tick'>;
  scheduled: ScheduledJobDeps;
}

/** The one list of declarations, for the runner (productJobs) and for the admin view (jobCatalogue). */
function declareJobs(config: Config, parts: JobParts, everyJob = false): Job[] {
  const jobs: Job[] = [mailOutboxJob(parts.mailer), webhookDeliveriesJob(parts.webhooks), housekeepingJob];
  // APPRAISAL_SCHEDULER=false leaves the scheduled work to other processes (or to none, in tests)
  if (everyJob || config.appraisal.scheduler) jobs.push(...scheduledJobs(parts.scheduled));
  return jobs;
}

/** A job's static facts: its declaration without `run` (the queue's `depth` reader stays). */
export type JobFacts = Omit<Job, 'run'>;

/**
 * Every job of the product as declared, for the admin view (modules/jobs-admin): built from the same
 * declarations as productJobs but over parts that do nothing (no SMTP transport, no worker), with `run`
 * left out, so nothing can be started from it. The scheduled jobs are listed whatever this process's
 * APPRAISAL_SCHEDULER says: another process may run them.
 */
export function jobCatalogue(config: Config, db: Db): JobFacts[] {
  const inert = async (): Promise<never> => {
    throw new Error('the job catalogue runs nothing');
  };
  const jobs = declareJobs(
    config,
    {
      mailer: { flush: inert },
      webhooks: { tick: inert },
      scheduled: {
        db,
        publicUrl: config.publicUrl,
        enqueueMail: inert,
        holder: 'catalogue',
        onMailQueued: () => {},
      },
    },
    true,
  );
  return jobs.map(({ run: _run, ...facts }) => facts);
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
