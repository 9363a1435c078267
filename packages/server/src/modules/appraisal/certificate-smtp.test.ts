/** The certificate mail leaves the outbox over SMTP with its PDF attached (a local smtp-server). */
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '#server/lib/mail/index.ts';
import { freshDomain, makeUser } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { type SmtpStandIn, startSmtpStandIn } from '#server/test/smtp.ts';

let t: TestApp;
let smtp: SmtpStandIn;

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpStandIn();
});
afterAll(async () => {
  await smtp.close();
  await t.close();
});

describe('certificate mail over SMTP', () => {
  it('arrives as a multipart message with the PDF attachment', async () => {
    const user = await makeUser(t);
    const domain = freshDomain();
    expect((await t.call('PUT', `/appraisalDetails/${domain}`, {}, user.headers)).status).toBe(200);
    const r = await t.call(
      'POST',
      '/sendAppraisalCertificate',
      { domainName: domain, email: 'smtp.cert@example.com' },
      user.headers,
    );
    expect(r.status).toBe(200);
    const mailer = createMailer({
      db: t.db,
      logger: pino({ level: 'silent' }),
      config: {
        mailTransport: 'smtp',
        smtpUrl: smtp.url,
        mailFrom: 'Domain Broker <no-reply@example.com>',
        publicUrl: 'http://x',
      },
    });
    expect(await mailer.flush()).toBeGreaterThanOrEqual(1);
    mailer.close();
    const mine = smtp.received.filter((m) => m.to.includes('smtp.cert@example.com'));
    expect(mine).toHaveLength(1);
    const raw = mine[0]!.raw;
    expect(raw).toMatch(/Content-Type: multipart\/mixed/);
    expect(raw).toMatch(/Content-Type: application\/pdf;\s+name=.?[^\r\n]*appraisal-certificate\.pdf/);
    expect(raw).toMatch(/Content-Disposition: attachment;\s+filename=.?[^\r\n]*appraisal-certificate\.pdf/);
    expect(raw).toContain('Content-Transfer-Encoding: base64');
    // The first base64 line of the attachment decodes to the PDF header.
    const body = raw.slice(raw.search(/Content-Type: application\/pdf/));
    const firstLine = body.split(/\r?\n\r?\n/)[1]!.split(/\r?\n/)[0]!;
    expect(Buffer.from(firstLine, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
