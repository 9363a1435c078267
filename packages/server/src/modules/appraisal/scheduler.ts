/**
 * The product's scheduled work (ADR 010): every process ticks, the one holding the lease runs what is
 * due: the daily prune (prune.ts), the weekly report (weekly-report.ts) and the leads' survey reminder
 * (leads/survey-reminder.ts) and the end of stopped services (consultant/service-end.ts); this file
 * stays the one place that schedules. Each job's run row
 * makes it happen once per period; the lease only keeps processes from doing the same work twice over.
 */

import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Config } from '#server/config.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import type { Clock } from '#server/lib/clock.ts';
import { releaseLease, tryAcquireLease } from '#server/lib/lease.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { MailRequest } from '#server/lib/mail/types.ts';
import { pollingLoop } from '#server/lib/polling.ts';
import { runServiceEnds, SERVICE_END_JOB } from '../consultant/service-end.ts';
import { runSurveyReminders, SURVEY_REMINDER_JOB } from '../leads/survey-reminder.ts';
import { PRUNE_JOB, runAppraisalPrune } from './prune.ts';
import {
  runWeeklyAppraisalReport,
  WEEKLY_REPORT_JOB,
  type WeeklyReportDeps,
  type WeeklyReportResult,
} from './weekly-report.ts';

/** The lease's name predates the prune job; kept so processes of different versions share one lease. */
const SCHEDULER_LEASE = WEEKLY_REPORT_JOB;

export interface SchedulerOptions extends WeeklyReportDeps {
  logger: Logger;
  now?: Clock;
  /** How often a process looks for due work. */
  intervalMs?: number;
  /** How long the lease lasts without renewal (a dead holder's work passes on after this). */
  leaseMs?: number;
  /** Called after a run queued mail (main.ts nudges the mail worker). */
  onMailQueued?: () => void;
}

export interface Scheduler {
  start(): void;
  /** Stops ticking, waits for a tick under way, and gives the lease up. */
  stop(): Promise<void>;
  /** One round: take the lease, run what is due. Answers whether this process held the lease. */
  tick(): Promise<{
    leader: boolean;
    report?: WeeklyReportResult;
    surveyReminders?: number;
    servicesEnded?: number;
  }>;
}

/** A small scheduler: every process ticks, the one holding the lease does the work. */
export function createAppraisalScheduler(opts: SchedulerOptions): Scheduler {
  const now = opts.now ?? (() => new Date());
  const intervalMs = opts.intervalMs ?? 60_000;
  const leaseMs = opts.leaseMs ?? 5 * 60_000;
  async function tick() {
    const leader = await tryAcquireLease(opts.db, SCHEDULER_LEASE, opts.holder, leaseMs, now());
    if (!leader) return { leader };
    const pruned = await runAppraisalPrune(opts, now());
    if (pruned.ran) opts.logger.info({ job: PRUNE_JOB, ...pruned }, 'pruned appraisal counters and cache');
    const report = await runWeeklyAppraisalReport(opts, now());
    if (report.ran) {
      opts.logger.info(
        { job: WEEKLY_REPORT_JOB, period: report.period, mailed: report.mailed },
        'weekly appraisal report',
      );
      if (report.mailed) opts.onMailQueued?.();
    }
    const reminded = await runSurveyReminders(opts, now());
    if (reminded.mailed) {
      opts.logger.info({ job: SURVEY_REMINDER_JOB, mailed: reminded.mailed }, 'survey reminders');
      opts.onMailQueued?.();
    }
    const ended = await runServiceEnds(opts, now());
    if (ended.closed) {
      opts.logger.info({ job: SERVICE_END_JOB, closed: ended.closed }, 'stopped services ended');
      opts.onMailQueued?.();
    }
    return { leader, report, surveyReminders: reminded.mailed, servicesEnded: ended.closed };
  }

  const loop = pollingLoop(
    async () => {
      await tick();
    },
    {
      everyMs: intervalMs,
      firstMs: Math.min(intervalMs, 5_000),
      onError: (err) => opts.logger.error({ err }, 'appraisal scheduler tick failed'),
    },
  );

  return {
    start: loop.start,
    async stop() {
      await loop.stop();
      await releaseLease(opts.db, SCHEDULER_LEASE, opts.holder).catch(() => {});
    },
    tick,
  };
}

export interface SchedulerHook {
  stop(): Promise<void>;
}

/**
 * Starts the scheduler unless APPRAISAL_SCHEDULER=false. Every process may run one: the lease in the
 * database lets one of them do the work, and the job's run row makes each week happen once.
 */
export function startAppraisalScheduler(opts: {
  db: Db;
  config: Config;
  logger: Logger;
  enqueueMail: (tx: DbOrTx, mail: MailRequest, publicUrl?: string) => Promise<void>;
  onMailQueued?: () => void;
}): SchedulerHook {
  if (!opts.config.appraisal.scheduler) return { stop: async () => {} };
  const scheduler = createAppraisalScheduler({
    db: opts.db,
    logger: opts.logger,
    publicUrl: opts.config.publicUrl,
    holder: `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`,
    enqueueMail: (tx, mail) => opts.enqueueMail(tx, mail, opts.config.publicUrl),
    ...(opts.onMailQueued ? { onMailQueued: opts.onMailQueued } : {}),
  });
  scheduler.start();
  return scheduler;
}
