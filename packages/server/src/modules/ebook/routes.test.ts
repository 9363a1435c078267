/** GET /ebook over HTTP on the real database: paid buyers only, two downloads per user, en and zh. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ebookDownloads, leads } from '#server/db/schema/index.ts';
import { makeUser } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function buyer(leadStatus?: 'new' | 'sold' | 'refunded' | 'canceled') {
  const u = await makeUser(t, { role: 'Buyer' });
  if (leadStatus) {
    const lead = (
      await t.call('POST', '/leads', { domainName: 'ebook-wanted.com', offerAmount: '1500' }, u.headers)
    ).body.data;
    await t.db
      .update(leads)
      .set({ status: leadStatus, paidAt: t.clock.now() })
      .where(eq(leads.uid, lead.UID));
  }
  return u;
}

/** The raw answer (the harness's `call` reads text, which would mangle a PDF). */
async function get(path: string, headers: Record<string, string> = {}) {
  const res = await t.app.request(`/api${path}`, { headers });
  const bytes = Buffer.from(await res.arrayBuffer());
  const type = res.headers.get('content-type') ?? '';
  return {
    status: res.status,
    headers: res.headers,
    bytes,
    body: type.includes('json') ? JSON.parse(bytes.toString('utf8')) : undefined,
  };
}

const pages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\n/g)?.length ?? 0;

describe('GET /ebook', () => {
  it('gives a paid buyer the PDF twice, in English and Chinese, then refuses the third', async () => {
    const u = await buyer('new');
    const en = await get('/ebook?locale=en', u.headers);
    expect(en.status).toBe(200);
    expect(en.headers.get('content-type')).toBe('application/pdf');
    expect(en.headers.get('content-disposition')).toBe(
      'attachment; filename="how-to-buy-a-domain-someone-else-owns.pdf"',
    );
    expect(en.headers.get('cache-control')).toBe('private, no-store');
    expect(en.headers.get('x-ebook-downloads-remaining')).toBe('1');
    expect(en.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(en.bytes.toString('latin1')).toContain('(How to buy a domain someone else owns)');
    expect(pages(en.bytes)).toBeGreaterThanOrEqual(4);

    const zh = await get('/ebook?locale=zh', u.headers);
    expect(zh.status).toBe(200);
    expect(zh.headers.get('content-disposition')).toBe(
      'attachment; filename="how-to-buy-a-domain-someone-else-owns-zh.pdf"',
    );
    expect(zh.headers.get('x-ebook-downloads-remaining')).toBe('0');
    // The Chinese text is set in an embedded CJK face, not the standard fonts.
    expect(zh.bytes.toString('latin1')).toMatch(/\/FontName \/[A-Z]{6}\+NotoSansCJKsc-Regular/);
    expect(pages(zh.bytes)).toBeGreaterThanOrEqual(4);

    const third = await get('/ebook', u.headers);
    expect(third).toMatchObject({
      status: 429,
      body: { code: 'EBOOK_LIMIT', message: 'You have downloaded E-book two times already.' },
    });
    const rows = await t.db.select().from(ebookDownloads).where(eq(ebookDownloads.userUid, u.uid));
    expect(rows.map((r) => r.locale).sort()).toEqual(['en', 'zh']);
  });

  it('a buyer whose lead is sold still downloads; English when no locale is given', async () => {
    const u = await buyer('sold');
    const r = await get('/ebook', u.headers);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toContain('how-to-buy-a-domain-someone-else-owns.pdf');
  });

  it('lets no more than two through under parallel requests of one user', async () => {
    const u = await buyer('new');
    const answers = await Promise.all(Array.from({ length: 6 }, () => get('/ebook?locale=en', u.headers)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 429, 429, 429, 429]);
    const rows = await t.db.select().from(ebookDownloads).where(eq(ebookDownloads.userUid, u.uid));
    expect(rows).toHaveLength(2);
  });

  it('is for paid buyers only: guests 401, unpaid, refunded and canceled 403 for the upgrade popup', async () => {
    expect((await get('/ebook')).status).toBe(401);
    for (const status of [undefined, 'refunded', 'canceled'] as const) {
      const u = await buyer(status);
      const r = await get('/ebook', u.headers);
      expect(r, String(status)).toMatchObject({
        status: 403,
        body: {
          code: 'EBOOK_PAID_ONLY',
          message: 'The e-book comes with the broker service: upgrade your account to download it.',
        },
      });
      const rows = await t.db.select().from(ebookDownloads).where(eq(ebookDownloads.userUid, u.uid));
      expect(rows).toEqual([]);
    }
  });

  it('refuses an unknown language and unknown parameters', async () => {
    const u = await buyer('new');
    const fr = await get('/ebook?locale=fr', u.headers);
    expect(fr).toMatchObject({ status: 400, body: { message: 'The e-book is available in en and zh.' } });
    expect((await get('/ebook?x=1', u.headers)).status).toBe(400);
    const rows = await t.db.select().from(ebookDownloads).where(eq(ebookDownloads.userUid, u.uid));
    expect(rows).toEqual([]);
  });
});
