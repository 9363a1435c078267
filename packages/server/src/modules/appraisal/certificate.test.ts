import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDomain, makeUser, type TestUser } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
let user: TestUser;
let noEmail: TestUser;
let noShare: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://broker.example' } });
  user = await makeUser(t, { firstName: 'Cora' });
  noEmail = await makeUser(t, { privileges: { EmailAppraisalCertificate: false } });
});
afterAll(() => t.close());

const appraise = (domain: string, u: TestUser) => t.call('PUT', `/appraisalDetails/${domain}`, {}, u.headers);

/** The raw answer of a GET (the harness's `call` reads text, which would mangle a PDF). */
async function getBytes(path: string, headers: Record<string, string> = {}) {
  const res = await t.app.request(`/api${path}`, { headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('POST /sendAppraisalCertificate', () => {
  it('queues the mail with the PDF attached, in the outbox', async () => {
    const domain = freshDomain();
    const appraised = (await appraise(domain, user)).body.data;
    const r = await t.call(
      'POST',
      '/sendAppraisalCertificate',
      { domainName: domain, email: 'Friend@Example.com', name: 'Fran' },
      user.headers,
    );
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Appraisal certificate sent to your email address');
    const mail = await t.lastMail('friend@example.com', 'appraisal-certificate');
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe(`Appraisal certificate for ${domain}`);
    expect(mail!.text).toContain(r.body.data.certificateId);
    expect(mail!.text).toContain(appraised.saw_appraised_value_formatted);
    const attachments = mail!.attachments as { filename: string; contentType: string; content: string }[];
    expect(attachments).toHaveLength(1);
    expect(attachments[0]).toMatchObject({
      filename: `${domain}-appraisal-certificate.pdf`,
      contentType: 'application/pdf',
    });
    const pdf = Buffer.from(attachments[0]!.content, 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1000);
    // The development mailbox (what the e2e suite reads) shows the file too.
    const dev = await t.call('GET', '/dev/outbox?to=friend@example.com');
    expect(dev.body.data[0].attachments).toEqual([
      {
        filename: `${domain}-appraisal-certificate.pdf`,
        contentType: 'application/pdf',
        content: attachments[0]!.content,
        size: pdf.length,
      },
    ]);
  });

  it("without EmailAppraisalCertificate: 'you don't have a permission to perform this action'", async () => {
    const domain = freshDomain();
    await appraise(domain, noEmail);
    const r = await t.call(
      'POST',
      '/sendAppraisalCertificate',
      { domainName: domain, email: 'x@example.com' },
      noEmail.headers,
    );
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({
      code: 'ACTION_NOT_PERMITTED',
      message: "you don't have a permission to perform this action",
    });
    expect(await t.lastMail('x@example.com')).toBeUndefined();
  });

  it('needs a session, a valid body and an appraisal the user made', async () => {
    expect(
      (
        await t.call('POST', '/sendAppraisalCertificate', {
          domainName: 'example.com',
          email: 'a@example.com',
        })
      ).status,
    ).toBe(401);
    const bad = await t.call(
      'POST',
      '/sendAppraisalCertificate',
      { domainName: 'example.com', email: 'nope' },
      user.headers,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please Enter Valid Email Address');
    const badDomain = await t.call(
      'POST',
      '/sendAppraisalCertificate',
      { domainName: 'example.de', email: 'a@example.com' },
      user.headers,
    );
    expect(badDomain.body.message).toBe('The domain name you looking for is not a valid one.');
    const never = await t.call(
      'POST',
      '/sendAppraisalCertificate',
      { domainName: freshDomain(), email: 'a@example.com' },
      user.headers,
    );
    expect(never.status).toBe(404);
    expect(never.body.code).toBe('NO_SEARCH_HISTORY');
  });
});

describe('download and share (ShareDownloadAppraisal)', () => {
  it('GET /appraisalCertificate/{domain}.pdf downloads the certificate', async () => {
    const domain = freshDomain('io');
    await appraise(domain, user);
    const r = await getBytes(`/appraisalCertificate/${domain}.pdf`, user.headers);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(r.headers.get('content-disposition')).toBe(
      `attachment; filename="${domain}-appraisal-certificate.pdf"`,
    );
    expect(r.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await getBytes(`/appraisalCertificate/${domain}`, user.headers)).status).toBe(404);
    expect((await getBytes(`/appraisalCertificate/${domain}.pdf`)).status).toBe(401);
  });

  it('a share link opens for anyone, is unguessable, and expires after 30 days', async () => {
    const domain = freshDomain('co');
    await appraise(domain, user);
    const r = await t.call('POST', `/appraisalCertificate/${domain}/share`, {}, user.headers);
    expect(r.status).toBe(200);
    const url = new URL(r.body.data.url);
    expect(url.origin).toBe('https://broker.example');
    const token = url.pathname.match(/^\/api\/certificates\/([A-Za-z0-9_-]{43})\.pdf$/)?.[1];
    expect(token).toBeDefined();
    expect(new Date(r.body.data.expiresAt).getTime() - t.clock.now().getTime()).toBe(30 * 86_400_000);

    const open = await getBytes(`/certificates/${token}.pdf`);
    expect(open.status).toBe(200);
    expect(open.headers.get('content-disposition')).toBe(
      `inline; filename="${domain}-appraisal-certificate.pdf"`,
    );
    expect(open.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const other = `${token!.slice(0, -1)}${token!.endsWith('A') ? 'B' : 'A'}`;
    expect((await getBytes(`/certificates/${other}.pdf`)).status).toBe(404);
    expect((await getBytes('/certificates/short.pdf')).status).toBe(404);

    t.clock.advance(30 * 86_400_000 + 1000);
    const expired = await getBytes(`/certificates/${token}.pdf`);
    expect(expired.status).toBe(410);
  });

  it("without ShareDownloadAppraisal: 'you don't have a permission to perform this action'", async () => {
    const domain = freshDomain();
    noShare = await makeUser(t, { privileges: { ShareDownloadAppraisal: false } });
    await appraise(domain, noShare);
    const d = await getBytes(`/appraisalCertificate/${domain}.pdf`, noShare.headers);
    expect(d.status).toBe(403);
    const s = await t.call('POST', `/appraisalCertificate/${domain}/share`, {}, noShare.headers);
    expect(s.status).toBe(403);
    expect(s.body.message).toBe("you don't have a permission to perform this action");
  });
});
