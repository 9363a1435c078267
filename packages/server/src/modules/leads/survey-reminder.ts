/**
 * The survey reminder (docs/where-the-spec-is-silent.md "The survey reminder"): a buyer who paid for a broker and has not answered the survey
 * two days later gets one mail linking to /survey. Run every minute as a leased job
 * (src/jobs/scheduled.ts, where every job is declared). Each lead is reminded at most once: `surveyReminderSentAt` is set by a
 * conditional update in the same transaction as the mail, so two processes or two ticks never both send.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { leads } from '#server/db/schema/index.ts';
import { isOptedOut } from '#server/lib/mail/opt-outs.ts';
import { type MailJobDeps, recipients } from '#server/lib/mail/recipients.ts';
import { dueOpenLeads, recordLeadEvent } from './service.ts';

export const SURVEY_REMINDER_JOB = 'survey-reminder';
/** How long after payment an unanswered survey is reminded. */
export const SURVEY_REMINDER_AFTER_MS = 2 * 86_400_000;

export type SurveyReminderDeps = MailJobDeps;

/** Sends the due reminders; answers how many were queued. */
export async function runSurveyReminders(deps: SurveyReminderDeps, now: Date): Promise<{ mailed: number }> {
  const dueBefore = new Date(now.getTime() - SURVEY_REMINDER_AFTER_MS);
  return deps.db.transaction(async (tx) => {
    const due = await dueOpenLeads(
      tx,
      dueBefore,
      eq(leads.isSurveyCompleted, false),
      isNull(leads.surveyReminderSentAt),
    );
    if (!due.length) return { mailed: 0 };
    const marked = await tx
      .update(leads)
      .set({ surveyReminderSentAt: now })
      .where(
        and(
          inArray(
            leads.uid,
            due.map((d) => d.uid),
          ),
          isNull(leads.surveyReminderSentAt),
          eq(leads.isSurveyCompleted, false),
        ),
      )
      .returning({
        uid: leads.uid,
        userUid: leads.userUid,
        domainName: leads.domainName,
        paidAt: leads.paidAt,
      });
    const byUid = await recipients(
      tx,
      marked.map((m) => m.userUid),
    );
    let mailed = 0;
    for (const lead of marked) {
      const buyer = byUid.get(lead.userUid);
      await recordLeadEvent(tx, {
        leadUid: lead.uid,
        type: 'survey_reminded',
        actorUid: null,
        at: now,
        data: { to: buyer?.email ?? null },
      });
      if (!buyer) continue;
      // a reminder is not transactional: an address that unsubscribed from this lead's mails gets none
      if (await isOptedOut(tx, { email: buyer.email, type: 'buy', leadUid: lead.uid })) continue;
      await deps.enqueueMail(tx, {
        to: buyer.email,
        template: 'survey-reminder',
        unsubscribe: { type: 'buy', leadUid: lead.uid },
        locale: buyer.locale,
        data: {
          name: buyer.firstName,
          domain: lead.domainName,
          date: (lead.paidAt ?? now).toISOString().slice(0, 10),
          url: `${deps.publicUrl}/survey`,
        },
      });
      mailed++;
    }
    return { mailed };
  });
}
