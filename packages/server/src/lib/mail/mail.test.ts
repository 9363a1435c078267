import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { startSmtpStandIn } from '#server/test/smtp.ts';
import { createMailer, enqueueMail, type MailTransport, renderMail, retryDelaySeconds } from './index.ts';

const quiet = pino({ level: 'silent' });
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('templates', () => {
  it('renders English and Chinese, escaping values in HTML', () => {
    const en = renderMail('verification-code', 'en', { code: '012345', name: '<b>Ann</b>' });
    expect(en.subject).toBe('Your Domain Broker verification code');
    expect(en.text).toContain('012345');
    expect(en.html).toContain('&lt;b&gt;Ann&lt;/b&gt;');
    expect(en.html).not.toContain('<b>Ann</b>');
    const zh = renderMail('reset-code', 'zh', { code: '987654' });
    expect(zh.subject).toBe('重置您的 Domain Broker 密码');
    expect(zh.text).toContain('987654');
  });
});

describe('outbox worker', () => {
  it('delivers queued mail over SMTP once, keeping the Message-ID chosen at queue time', async () => {
    const smtp = await startSmtpStandIn();
    try {
      await t.db.transaction((tx) =>
        enqueueMail(tx, {
          to: 'smtp.reader@example.com',
          template: 'welcome',
          locale: 'en',
          data: { name: 'Reader' },
        }),
      );
      const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'smtp.reader@example.com'));
      const mailer = createMailer({
        db: t.db,
        logger: quiet,
        config: {
          mailTransport: 'smtp',
          smtpUrl: smtp.url,
          mailFrom: 'Domain Broker <no-reply@example.com>',
          publicUrl: 'http://x',
        },
      });
      expect(await mailer.flush()).toBeGreaterThanOrEqual(1);
      expect(await mailer.flush()).toBe(0);
      mailer.close();
      const mine = smtp.received.filter((m) => m.to.includes('smtp.reader@example.com'));
      expect(mine).toHaveLength(1);
      expect(mine[0]!.raw).toContain(`Message-ID: ${row!.messageId}`);
      expect(mine[0]!.raw).toContain('Subject: Welcome to Domain Broker');
      const [sent] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id));
      expect(sent!.status).toBe('sent');
      expect(sent!.sentAt).toBeInstanceOf(Date);
    } finally {
      await smtp.close();
    }
  });

  it('does not queue mail of a transaction that rolls back', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueMail(tx, { to: 'rolled.back@example.com', template: 'welcome', locale: 'en', data: {} });
        throw new Error('change failed');
      }),
    ).rejects.toThrow('change failed');
    expect(
      await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'rolled.back@example.com')),
    ).toHaveLength(0);
  });

  it('retries a failed delivery later with the same Message-ID, and gives up after the last attempt', async () => {
    await t.db.transaction((tx) =>
      enqueueMail(tx, { to: 'flaky@example.com', template: 'welcome', locale: 'zh', data: {} }),
    );
    const seen: string[] = [];
    let fail = true;
    const transport: MailTransport = {
      send: async (msg) => {
        if (msg.to !== 'flaky@example.com') return;
        seen.push(msg.messageId);
        if (fail) throw new Error('421 try again later');
      },
      close: () => {},
    };
    const config = { mailTransport: 'smtp' as const, mailFrom: 'x@example.com', publicUrl: 'http://x' };
    const mailer = createMailer({ db: t.db, logger: quiet, config, transport, maxAttempts: 3 });
    await mailer.flush();
    let [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'flaky@example.com'));
    expect(row!.status).toBe('pending');
    expect(row!.attempts).toBe(1);
    expect(row!.lastError).toContain('421');
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    // Not due yet: a second round leaves it alone.
    await mailer.flush();
    expect(seen).toHaveLength(1);

    // Make it due again and let it succeed.
    fail = false;
    await t.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(mailOutbox.id, row!.id));
    await mailer.flush();
    [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id));
    expect(row!.status).toBe('sent');
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe(seen[1]);
    mailer.close();
  });

  it('takes over a message whose sender died while sending (expired lease)', async () => {
    await t.db.transaction((tx) =>
      enqueueMail(tx, { to: 'orphan@example.com', template: 'welcome', locale: 'en', data: {} }),
    );
    await t.db
      .update(mailOutbox)
      .set({ status: 'sending', leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.to, 'orphan@example.com'));
    const sent: string[] = [];
    const mailer = createMailer({
      db: t.db,
      logger: quiet,
      config: { mailTransport: 'smtp', mailFrom: 'x@example.com', publicUrl: 'http://x' },
      transport: { send: async (m) => void sent.push(m.to), close: () => {} },
    });
    await mailer.flush();
    mailer.close();
    expect(sent).toContain('orphan@example.com');
  });

  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3, 10, 20].map(retryDelaySeconds)).toEqual([30, 60, 120, 3600, 3600]);
  });
});

describe('GET /api/dev/outbox', () => {
  it('lists a recipient’s messages newest first', async () => {
    for (const name of ['First', 'Second'])
      await t.db.transaction((tx) =>
        enqueueMail(tx, { to: 'reader@example.com', template: 'welcome', locale: 'en', data: { name } }),
      );
    const r = await t.call('GET', '/dev/outbox?to=Reader@Example.com');
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(2);
    expect(r.body.data[0].text).toContain('Second');
    expect(r.body.data[0]).toMatchObject({ to: 'reader@example.com', subject: 'Welcome to Domain Broker' });
    expect(typeof r.body.data[0].createdAt).toBe('string');
  });

  it('answers this machine only: another address, or anything through a proxy, gets 404', async () => {
    for (const from of ['127.0.0.1', '::1', '::ffff:127.0.0.1'])
      expect((await t.call('GET', '/dev/outbox?to=reader@example.com', undefined, {}, from)).status).toBe(
        200,
      );
    for (const from of ['203.0.113.9', '192.168.1.20', '::ffff:10.0.0.1', '0.0.0.0'])
      expect((await t.call('GET', '/dev/outbox?to=reader@example.com', undefined, {}, from)).status).toBe(
        404,
      );
    const proxied = await t.call('GET', '/dev/outbox', undefined, { 'x-forwarded-for': '203.0.113.9' });
    expect(proxied.status).toBe(404);
    expect(JSON.stringify(proxied.body)).not.toContain('reader@example.com');
  });
});
