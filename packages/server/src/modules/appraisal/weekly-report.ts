/**
 * The weekly appraisal report: users with the WeeklyAppraisalSearchHistoryReport privilege get a mail
 * listing the domains they appraised in the last full week (Monday to Monday, UTC).
 *
 * Once per week whatever happens: the run inserts (job, week) into scheduled_job_runs in the same
 * transaction as the mail it queues. A second process, a retry, or a restart finds the row and does
 * nothing; a crash before commit leaves neither row nor mail, and the next tick runs the week again.
 * The scheduler's lease (src/lib/lease.ts) only keeps the processes from doing that work twice over.
 */
import { formatUsd } from '@domain-broker/appraisal';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { scheduledJobRuns } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { releaseLease, tryAcquireLease } from '../../lib/lease.ts';
import type { Logger } from '../../lib/logger.ts';
import type { EnqueueMail } from '../../lib/mail/types.ts';

export const WEEKLY_REPORT_JOB = 'weekly-appraisal-report';
const DAY_MS = 86_400_000;

/** The last full week before `now`: [Monday 00:00 UTC a week ago, this Monday 00:00 UTC). */
export function lastFullWeek(now: Date): { from: Date; to: Date; period: string } {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  const to = new Date(midnight - sinceMonday * DAY_MS);
  const from = new Date(to.getTime() - 7 * DAY_MS);
  return { from, to, period: from.toISOString().slice(0, 10) };
}

export interface WeeklyReportDeps {
  db: Db;
  enqueueMail: EnqueueMail;
  publicUrl: string;
  holder: string;
}

export interface WeeklyReportResult {
  ran: boolean;
  period: string;
  mailed: number;
}

interface ReportRow {
  email: string;
  first_name: string;
  locale: string;
  domain: string;
  value: number | string;
}

/**
 * Takes the run of `job` for `period` (one row per job and period): true for the one process that
 * inserts it, false when it already ran or another process holds it.
 */
async function claimRun(
  tx: DbOrTx,
  job: string,
  period: string,
  holder: string,
  now: Date,
): Promise<boolean> {
  const claimed = await tx
    .insert(scheduledJobRuns)
    .values({ job, period, holder, ranAt: now })
    .onConflictDoNothing()
    .returning({ period: scheduledJobRuns.period });
  return claimed.length > 0;
}

/** Runs the report for the last full week before `now`, unless it already ran. */
export async function runWeeklyAppraisalReport(
  deps: WeeklyReportDeps,
  now: Date,
): Promise<WeeklyReportResult> {
  const { from, to, period } = lastFullWeek(now);
  return deps.db.transaction(async (tx) => {
    if (!(await claimRun(tx, WEEKLY_REPORT_JOB, period, deps.holder, now)))
      return { ran: false, period, mailed: 0 };

    const result = await tx.execute(sql`
      select u.email, u.first_name, u.locale, h.domain, max((h.record->>'appraised_value')::numeric) as value
      from users u
      join appraisal_history h on h.user_uid = u.uid
      where u.weekly_appraisal_search_history_report = true
        and h.created_at >= ${from} and h.created_at < ${to}
      group by u.uid, u.email, u.first_name, u.locale, h.domain
      order by u.email, h.domain`);
    const byUser = new Map<string, ReportRow[]>();
    for (const r of (result as unknown as { rows: ReportRow[] }).rows) {
      const list = byUser.get(r.email) ?? [];
      list.push(r);
      byUser.set(r.email, list);
    }
    const day = (d: Date) => d.toISOString().slice(0, 10);
    for (const [email, rows] of byUser) {
      const first = rows[0]!;
      await deps.enqueueMail(tx, {
        to: email,
        template: 'weekly-appraisal-report',
        locale: first.locale === 'zh' ? 'zh' : 'en',
        data: {
          name: first.first_name,
          count: String(rows.length),
          from: day(from),
          to: day(new Date(to.getTime() - DAY_MS)),
          list: rows.map((r) => `${r.domain}: ${formatUsd(Number(r.value))}`).join('\n'),
          url: `${deps.publicUrl}/appraisal`,
        },
      });
    }
    await tx
      .update(scheduledJobRuns)
      .set({ result: { mailed: byUser.size } })
      .where(sql`${scheduledJobRuns.job} = ${WEEKLY_REPORT_JOB} and ${scheduledJobRuns.period} = ${period}`);
    return { ran: true, period, mailed: byUser.size };
  });
}

export const PRUNE_JOB = 'appraisal-prune';
/** Counters only matter on their day; cached answers are recomputed after a month (cheap, and the table stays small). */
export const COUNTER_KEEP_DAYS = 2;
export const CACHE_KEEP_DAYS = 30;

/** Daily housekeeping of the appraisal tables, once per UTC day (same run-row rule as the report). */
export async function runAppraisalPrune(
  deps: Pick<WeeklyReportDeps, 'db' | 'holder'>,
  now: Date,
): Promise<{ ran: boolean; counters: number; cache: number }> {
  const period = now.toISOString().slice(0, 10);
  return deps.db.transaction(async (tx) => {
    if (!(await claimRun(tx, PRUNE_JOB, period, deps.holder, now)))
      return { ran: false, counters: 0, cache: 0 };
    const counterDay = new Date(now.getTime() - COUNTER_KEEP_DAYS * DAY_MS).toISOString().slice(0, 10);
    const counters = await tx.execute(
      sql`delete from appraisal_counters where day < ${counterDay} returning 1`,
    );
    const cache = await tx.execute(
      sql`delete from appraisal_cache where created_at < ${new Date(now.getTime() - CACHE_KEEP_DAYS * DAY_MS)} returning 1`,
    );
    const n = (r: unknown) => (r as { rows: unknown[] }).rows.length;
    return { ran: true, counters: n(counters), cache: n(cache) };
  });
}

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
  tick(): Promise<{ leader: boolean; report?: WeeklyReportResult }>;
}

/** A small scheduler: every process ticks, the one holding the lease does the work. */
export function createAppraisalScheduler(opts: SchedulerOptions): Scheduler {
  const now = opts.now ?? (() => new Date());
  const intervalMs = opts.intervalMs ?? 60_000;
  const leaseMs = opts.leaseMs ?? 5 * 60_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  async function tick() {
    const leader = await tryAcquireLease(opts.db, WEEKLY_REPORT_JOB, opts.holder, leaseMs, now());
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
    return { leader, report };
  }

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick()
        .catch((err) => opts.logger.error({ err }, 'appraisal scheduler tick failed'))
        .finally(() => {
          running = undefined;
          schedule(intervalMs);
        });
    }, delay);
    timer.unref?.();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(Math.min(intervalMs, 5_000));
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await releaseLease(opts.db, WEEKLY_REPORT_JOB, opts.holder).catch(() => {});
    },
    tick,
  };
}
