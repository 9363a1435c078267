import { CATEGORIES } from '@domain-broker/appraisal';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, type TestUser } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
let editor: TestUser;
let broker: TestUser;
let buyer: TestUser;
let unlimited: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  editor = await makeUser(t, { role: 'Admin', privileges: { ChangeCategoryValues: true } });
  broker = await makeUser(t, { role: 'Consultant' });
  buyer = await makeUser(t);
  unlimited = await makeUser(t, { privileges: { AppraisalSearchUnLimit: true } });
});
afterAll(() => t.close());

interface Category {
  UID: string;
  condition: string;
  type: string;
  categoryName: string;
  description: { UID: string; description: string }[];
  percentage: number;
}

describe('GET /exhibitConditions/ExhibitB', () => {
  it("lists every engine category in the client's shape (the seed holds them)", async () => {
    const r = await t.call('GET', '/exhibitConditions/ExhibitB', undefined, broker.headers);
    expect(r.status).toBe(200);
    const list = r.body.data as Category[];
    expect(list).toHaveLength(CATEGORIES.length);
    const finance = list.find((c) => c.categoryName === 'Finance')!;
    expect(finance).toMatchObject({ type: 'ExhibitB', percentage: 20, description: [{ description: '20' }] });
    expect(finance.description[0]!.UID).toMatch(/^[0-9a-f-]{36}$/);
    expect(finance.condition).toContain('finance');
  });

  it('is for staff', async () => {
    expect((await t.call('GET', '/exhibitConditions/ExhibitB', undefined, buyer.headers)).status).toBe(403);
    expect((await t.call('GET', '/exhibitConditions/ExhibitB')).status).toBe(401);
    expect((await t.call('GET', '/exhibitConditions/ExhibitC', undefined, broker.headers)).status).toBe(404);
  });
});

describe('PATCH /exhibitConditions/{id}', () => {
  const insurance = async () =>
    (
      (await t.call('GET', '/exhibitConditions/ExhibitB', undefined, editor.headers)).body.data as Category[]
    ).find((c) => c.percentage === 25 || c.categoryName.startsWith('Insurance'))!;

  it('needs ChangeCategoryValues', async () => {
    const c = await insurance();
    const r = await t.call(
      'PATCH',
      `/exhibitConditions/${c.UID}`,
      { categoryName: c.categoryName, description: 30 },
      broker.headers,
    );
    expect(r.status).toBe(403);
    expect(r.body.message).toBe("you don't have a permission to perform this action");
  });

  it('takes 0-100 only', async () => {
    const c = await insurance();
    for (const description of [101, -1, 2.5, 'x']) {
      const r = await t.call('PATCH', `/exhibitConditions/${c.UID}`, { description }, editor.headers);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('Percentage must be a whole number from 0 to 100.');
    }
    expect(
      (
        await t.call(
          'PATCH',
          '/exhibitConditions/00000000-0000-0000-0000-000000000000',
          { description: 5 },
          editor.headers,
        )
      ).status,
    ).toBe(404);
  });

  it("changes the engine's premium and invalidates every cached appraisal", async () => {
    const domain = 'insurancequotes.net';
    const before = (await t.call('PUT', `/appraisalDetails/${domain}`, {}, unlimited.headers)).body.data;
    const c = await insurance();
    const r = await t.call(
      'PATCH',
      `/exhibitConditions/${c.UID}`,
      {
        categoryName: 'Insurance and assurance',
        description: [{ UID: c.description[0]!.UID, description: '100' }],
      },
      editor.headers,
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      categoryName: 'Insurance and assurance',
      percentage: 100,
      description: [{ description: '100' }],
    });
    const rows = await t.db.execute(sql`select count(*)::int as n from appraisal_cache`);
    expect(Number((rows as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(0);
    const after = (await t.call('PUT', `/appraisalDetails/${domain}`, {}, unlimited.headers)).body.data;
    expect(after.appraised_value).toBeGreaterThan(before.appraised_value);
    // Back to the default: the same value as before.
    await t.call('PATCH', `/exhibitConditions/${c.UID}`, { description: 25 }, editor.headers);
    const back = (await t.call('PUT', `/appraisalDetails/${domain}`, {}, unlimited.headers)).body.data;
    expect(back.appraised_value).toBe(before.appraised_value);
  });
});
