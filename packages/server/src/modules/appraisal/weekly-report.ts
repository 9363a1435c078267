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
import type { Db } from '#server/db/client.ts';
import { claimJobRun, recordJobResult } from '#server/lib/lease.ts';
import { isOptedOut } from '#server/lib/mail/opt-outs.ts';
import type { EnqueueMail } from '#server/lib/mail/types.ts';

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

/** Runs the report for the last full week before `now`, unless it already ran. */
export async function runWeeklyAppraisalReport(
  deps: WeeklyReportDeps,
  now: Date,
): Promise<WeeklyReportResult> {
  const { from, to, period } = lastFullWeek(now);
  return deps.db.transaction(async (tx) => {
    if (!(await claimJobRun(tx, WEEKLY_REPORT_JOB, period, deps.holder, now)))
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
    let mailed = 0;
    for (const [email, rows] of byUser) {
      const first = rows[0]!;
      if (await isOptedOut(tx, { email, type: 'appraisal-report' })) continue;
      mailed++;
      await deps.enqueueMail(tx, {
        to: email,
        template: 'weekly-appraisal-report',
        unsubscribe: { type: 'appraisal-report' },
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
    await recordJobResult(tx, WEEKLY_REPORT_JOB, period, { mailed });
    return { ran: true, period, mailed };
  });
}
