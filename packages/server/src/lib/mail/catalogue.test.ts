/** The development mail catalogue: every template in both languages, and a sample through the outbox. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { MAIL_TEMPLATES } from './templates.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /dev/mail-catalogue', () => {
  it('renders every template in English and Chinese with sample data, and nothing undefined', async () => {
    const res = await t.call('GET', '/dev/mail-catalogue');
    expect(res.status).toBe(200);
    const html = res.body as string;
    for (const template of MAIL_TEMPLATES) expect(html).toContain(`id="${template}"`);
    expect(html.match(/<article>/g)).toHaveLength(MAIL_TEMPLATES.length * 2);
    expect(html).not.toContain('undefined');
    expect(html).toContain('unsubscribe: appraisal-report');
  });

  it('answers other clients as if it did not exist', async () => {
    const res = await t.app.request('/api/dev/mail-catalogue', {
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(res.status).toBe(404);
  });

  it('queues a sample; a non-transactional one carries the unsubscribe headers', async () => {
    const r = await t.call('POST', '/dev/mail-catalogue/send', {
      template: 'weekly-appraisal-report',
      locale: 'zh',
      to: 'Sample@Example.com',
    });
    expect(r.status).toBe(200);
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'sample@example.com'));
    expect(row!.locale).toBe('zh');
    expect(row!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(row!.text).toContain('/unsubscribe?');
  });
});
