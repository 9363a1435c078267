/**
 * The product's scheduled work, each a leased job checked every minute (one process runs it at a
 * time): the daily appraisal prune, the weekly appraisal report, the survey reminders and the end of
 * stopped services. Each keeps its own rule for when it is due (a period row of `scheduled_job_runs`,
 * or the leads that are due), so a minute's check that finds nothing does nothing, and a run cut short
 * is done again by the next one.
 */
import type { Db } from '#server/db/client.ts';
import type { EnqueueMail } from '#server/lib/mail/types.ts';
import { PRUNE_JOB, runAppraisalPrune } from '#server/modules/appraisal/prune.ts';
import { runWeeklyAppraisalReport, WEEKLY_REPORT_JOB } from '#server/modules/appraisal/weekly-report.ts';
import { runServiceEnds, SERVICE_END_JOB } from '#server/modules/consultant/service-end.ts';
import { runSurveyReminders, SURVEY_REMINDER_JOB } from '#server/modules/leads/survey-reminder.ts';
import type { Job, JobSummary } from './define.ts';

export interface ScheduledJobDeps {
  db: Db;
  publicUrl: string;
  enqueueMail: EnqueueMail;
  /** This process's name (the runner's holder), kept on the period rows. */
  holder: string;
  /** A run queued mail: the mail job is nudged. */
  onMailQueued: () => void;
}

const EVERY_MINUTE = { kind: 'interval', everyMs: 60_000 } as const;
const RETRY = { attempts: 3, backoffMs: 30_000, maxBackoffMs: 5 * 60_000 };

function mailed(deps: ScheduledJobDeps, count: number, summary: JobSummary): JobSummary {
  if (count > 0) deps.onMailQueued();
  return summary;
}

export function scheduledJobs(deps: ScheduledJobDeps): Job[] {
  return [
    {
      name: PRUNE_JOB,
      description:
        'Once a day: deletes appraisal counters older than two days and cached answers older than a month.',
      trigger: EVERY_MINUTE,
      lease: true,
      timeoutMs: 10 * 60_000,
      retry: RETRY,
      run: async ({ now }) => {
        const r = await runAppraisalPrune(deps, now);
        return r.ran ? { counters: r.counters, cache: r.cache } : null;
      },
    },
    {
      name: WEEKLY_REPORT_JOB,
      description: "Once a week (Monday, UTC): mails each subscriber the last week's appraisals.",
      trigger: EVERY_MINUTE,
      lease: true,
      timeoutMs: 30 * 60_000,
      retry: RETRY,
      run: async ({ now }) => {
        const r = await runWeeklyAppraisalReport(deps, now);
        return r.ran ? mailed(deps, r.mailed, { period: r.period, mailed: r.mailed }) : null;
      },
    },
    {
      name: SURVEY_REMINDER_JOB,
      description: 'Reminds buyers who paid two days ago and have not answered the survey.',
      trigger: EVERY_MINUTE,
      lease: true,
      timeoutMs: 10 * 60_000,
      retry: RETRY,
      run: async ({ now }) => {
        const r = await runSurveyReminders(deps, now);
        return mailed(deps, r.mailed, { mailed: r.mailed });
      },
    },
    {
      name: SERVICE_END_JOB,
      description: 'Closes the leads whose buyer stopped the service, once the initial term has ended.',
      trigger: EVERY_MINUTE,
      lease: true,
      timeoutMs: 10 * 60_000,
      retry: RETRY,
      run: async ({ now }) => {
        const r = await runServiceEnds(deps, now);
        return mailed(deps, r.closed, { closed: r.closed });
      },
    },
  ];
}
