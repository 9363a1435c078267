/** markLeadPaid on the real database: paid once, broker assignment, the mails it queues. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '#server/db/client.ts';
import { leadEvents, leads, mailOutbox, payments, users } from '#server/db/schema/index.ts';
import { enqueueMail } from '#server/lib/mail/index.ts';
import type { MailRequest } from '#server/lib/mail/types.ts';
import { makeUser } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { markLeadPaid } from './fulfil.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Only the consultants each test makes take leads.
  await t.db.update(users).set({ acceptingLeads: false }).where(eq(users.email, 'broker@demo.test'));
});
afterAll(() => t.close());

const deps = () => ({
  config: t.config,
  enqueueMail: (tx: DbOrTx, m: MailRequest) => enqueueMail(tx, m, t.config.publicUrl),
});

/** A buyer with a pending lead and a card payment for it; returns their uids. */
async function pendingLead(domain = 'wanted.com', locale: 'en' | 'zh' = 'en') {
  const u = await makeUser(t, { role: 'Buyer', locale });
  const lead = (await t.call('POST', '/leads', { domainName: domain, offerAmount: '1500' }, u.headers)).body
    .data;
  const [p] = await t.db
    .insert(payments)
    .values({
      leadUid: lead.UID,
      userUid: u.uid,
      method: 'sandbox',
      amountCents: 1995,
      cardLast4: '4242',
      cardBrand: 'visa',
      status: 'succeeded',
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    })
    .returning();
  return { user: u, leadUid: lead.UID as string, paymentUid: p!.uid };
}
const pay = async (x: { leadUid: string; paymentUid: string; user: { uid: string } }) =>
  t.db.transaction((tx) =>
    markLeadPaid(tx, deps(), {
      leadUid: x.leadUid,
      paymentUid: x.paymentUid,
      actorUid: x.user.uid,
      at: t.clock.now(),
    }),
  );
const consultant = async (name: string) => {
  const c = await makeUser(t, { role: 'Consultant', firstName: name });
  return c.uid;
};
const mailsTo = (to: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.id));

describe('markLeadPaid', () => {
  it('pays the lead once, assigns a broker and queues the receipt and the introduction once', async () => {
    const broker = await consultant('Carla');
    await t.db.update(users).set({ lastName: 'Consult', phone: '+14155550100' }).where(eq(users.uid, broker));
    const x = await pendingLead('paid-once.com');
    const row = await pay(x);
    expect(row).toMatchObject({ status: 'new', consultantUid: broker, paidAt: t.clock.now() });
    expect(await pay(x)).toBeUndefined();
    const events = await t.db
      .select()
      .from(leadEvents)
      .where(eq(leadEvents.leadUid, x.leadUid))
      .orderBy(asc(leadEvents.id));
    expect(events.map((e) => e.type)).toEqual(['created', 'paid', 'assigned']);
    expect(events[1]).toMatchObject({
      fromStatus: 'pending',
      toStatus: 'new',
      actorUid: x.user.uid,
      data: { paymentUid: x.paymentUid, method: 'sandbox', amountCents: 1995 },
    });
    const mails = await mailsTo(x.user.email);
    expect(mails.map((m) => m.template)).toEqual(['payment-receipt', 'broker-introduction']);
    expect(mails[0]!.text).toContain('19.95 USD');
    expect(mails[0]!.text).toContain('4242');
    expect(mails[0]!.text).toContain('2026-01-15');
    expect(mails[0]!.text).toContain('/agent-details-questions');
    expect(mails[1]!.text).toContain('Carla Consult');
    expect(mails[1]!.text).toContain('/agent-details-questions');
    const [b] = await t.db.select().from(users).where(eq(users.uid, broker));
    for (const m of mails) {
      expect(m.text).not.toContain(b!.email);
      expect(m.html).not.toContain(b!.email);
      expect(m.text).not.toContain('555');
    }
    // Leave this broker out of the next tests.
    await t.db.update(users).set({ acceptingLeads: false }).where(eq(users.uid, broker));
  });

  it('writes the mails in the buyer’s language', async () => {
    const c = await consultant('Zed');
    const x = await pendingLead('zh-buyer.com', 'zh');
    await pay(x);
    const mails = await mailsTo(x.user.email);
    expect(mails.map((m) => m.locale)).toEqual(['zh', 'zh']);
    expect(mails[0]!.text).toContain('收据');
    await t.db.update(users).set({ acceptingLeads: false }).where(eq(users.uid, c));
  });

  it('gives the lead to the active consultant with the fewest open leads, then the longest waiting', async () => {
    const a = await consultant('Anna');
    const b = await consultant('Ben');
    const off = await consultant('Off');
    await t.db.update(users).set({ acceptingLeads: false }).where(eq(users.uid, off));
    const gone = await consultant('Gone');
    await t.db.update(users).set({ deactivatedAt: t.clock.now() }).where(eq(users.uid, gone));

    const assigned: string[] = [];
    for (let i = 0; i < 4; i++) {
      t.clock.advance(60_000);
      const row = await pay(await pendingLead(`fair${i}.com`));
      assigned.push(row!.consultantUid!);
    }
    // Both start with none: the one never assigned goes first, then they alternate.
    expect(new Set(assigned.slice(0, 2))).toEqual(new Set([a, b]));
    expect(assigned[2]).toBe(assigned[0]);
    expect(assigned[3]).toBe(assigned[1]);
    expect(assigned).not.toContain(off);
    expect(assigned).not.toContain(gone);

    // A's leads close: A now has fewer open leads and takes the next two.
    const aLeads = await t.db.select({ uid: leads.uid }).from(leads).where(eq(leads.consultantUid, a));
    await t.db
      .update(leads)
      .set({ status: 'sold' })
      .where(
        inArray(
          leads.uid,
          aLeads.map((l) => l.uid),
        ),
      );
    t.clock.advance(60_000);
    expect((await pay(await pendingLead('after-close1.com')))!.consultantUid).toBe(a);
    t.clock.advance(60_000);
    expect((await pay(await pendingLead('after-close2.com')))!.consultantUid).toBe(a);
    await t.db
      .update(users)
      .set({ acceptingLeads: false })
      .where(inArray(users.uid, [a, b]));
  });

  it('two payments at the same moment go to two different consultants', async () => {
    const a = await consultant('Para');
    const b = await consultant('Llel');
    const [x, y] = await Promise.all([pendingLead('same-time1.com'), pendingLead('same-time2.com')]);
    const rows = await Promise.all([pay(x!), pay(y!)]);
    expect(new Set(rows.map((r) => r!.consultantUid))).toEqual(new Set([a, b]));
    await t.db
      .update(users)
      .set({ acceptingLeads: false })
      .where(inArray(users.uid, [a, b]));
  });

  it('with no consultant available the lead stays paid and unassigned and staff get a notice', async () => {
    const x = await pendingLead('nobody-free.com');
    const row = await pay(x);
    expect(row).toMatchObject({ status: 'new', consultantUid: null });
    expect((await mailsTo(x.user.email)).map((m) => m.template)).toEqual(['payment-receipt']);
    const notice = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, t.config.supportEmail), eq(mailOutbox.template, 'lead-unassigned')));
    expect(notice.filter((m) => m.text.includes(x.leadUid))).toHaveLength(1);
  });
});
