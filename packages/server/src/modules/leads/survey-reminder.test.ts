/**
 * The survey reminder run by the scheduler's tick, with a fixed clock: a paid buyer who has not answered
 * two days after payment gets one reminder (link to /survey), never twice; answered, unpaid, refunded or
 * too recent leads get none.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadEvents, leads, mailOutbox } from '#server/db/schema/index.ts';
import { makeUser } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { scheduledRunner } from '#server/test/jobs.ts';
import { SURVEY_REMINDER_JOB } from './survey-reminder.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const hour = 3_600_000;
const paidAt = new Date('2026-03-02T10:00:00Z');

/** A buyer whose lead is in `status`, paid at `paidAt` unless pending. */
async function buyerLead(
  status: 'pending' | 'new' | 'refunded',
  over: Partial<typeof leads.$inferInsert> = {},
) {
  const u = await makeUser(t, { role: 'Buyer', locale: over.domainName?.startsWith('zh') ? 'zh' : 'en' });
  const [lead] = await t.db
    .insert(leads)
    .values({
      userUid: u.uid,
      domainName: `reminder-${u.uid.slice(0, 8)}.com`,
      offerAmountCents: 150_000,
      status,
      paidAt: status === 'pending' ? null : paidAt,
      createdAt: paidAt,
      updatedAt: paidAt,
      ...over,
    })
    .returning();
  return { u, lead: lead! };
}
const reminders = (to: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, 'survey-reminder')));

describe('survey reminder', () => {
  it('reminds an unanswered paid lead once, two days after payment, through the leased job', async () => {
    let now = new Date(paidAt.getTime() + 47 * hour);
    const scheduler = (holder: string) => scheduledRunner(t.db, holder, () => now);
    const mailed = (r: { summary: { mailed?: unknown } | null }) => Number(r.summary?.mailed ?? 0);
    const due = await buyerLead('new');
    const zh = await buyerLead('new', { domainName: 'zh-reminder.com' });
    const answered = await buyerLead('new', { isSurveyCompleted: true });
    const unpaid = await buyerLead('pending');
    const refunded = await buyerLead('refunded');
    const recent = await buyerLead('new', { paidAt: new Date(paidAt.getTime() + 24 * hour) });

    const a = scheduler('process-a');
    expect(mailed(await a.runNow(SURVEY_REMINDER_JOB))).toBe(0);
    expect(await reminders(due.u.email)).toHaveLength(0);

    now = new Date(paidAt.getTime() + 48 * hour);
    const b = scheduler('process-b');
    // Two processes tick at the same moment: the lease lets one work; either way one reminder each.
    const [ra, rb] = await Promise.all([a.runNow(SURVEY_REMINDER_JOB), b.runNow(SURVEY_REMINDER_JOB)]);
    expect(mailed(ra) + mailed(rb)).toBe(2);
    const [mail] = await reminders(due.u.email);
    expect(mail?.subject).toBe(`A few questions about ${due.lead.domainName} from your broker`);
    expect(mail?.text).toContain('https://broker.example/survey');
    expect(mail?.text).toContain('2026-03-02');
    expect((await reminders(zh.u.email))[0]?.text).toContain('在此回答：https://broker.example/survey');
    for (const none of [answered, unpaid, refunded, recent])
      expect(await reminders(none.u.email)).toHaveLength(0);
    const [row] = await t.db.select().from(leads).where(eq(leads.uid, due.lead.uid));
    expect(row?.surveyReminderSentAt?.toISOString()).toBe(now.toISOString());
    const events = await t.db
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.leadUid, due.lead.uid), eq(leadEvents.type, 'survey_reminded')));
    expect(events).toHaveLength(1);

    // Days later, ticking again: never twice; the recent lead's turn comes.
    now = new Date(paidAt.getTime() + 96 * hour);
    await a.stop();
    await b.stop();
    expect(mailed(await a.runNow(SURVEY_REMINDER_JOB))).toBe(1);
    expect(await reminders(due.u.email)).toHaveLength(1);
    expect(await reminders(recent.u.email)).toHaveLength(1);
    await a.stop();
  });
});
