import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrars, users } from '../db/schema/index.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../test/harness.ts';
import { badgesOf, seed } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async () => {
  const r = await t.db.execute<{ n: number }>(
    sql`select (select count(*) from users)::int + (select count(*) from roles)::int + (select count(*) from registrars)::int + (select count(*) from consultant_badges)::int + (select count(*) from user_roles)::int as n`,
  );
  return (r as unknown as { rows: { n: number }[] }).rows[0]!.n;
};

describe('seed', () => {
  it('is idempotent', async () => {
    const before = await count();
    const again = await seed(t.db, t.hasher, DEMO_PASSWORD);
    expect(again.created).toEqual([]);
    expect(await count()).toBe(before);
  });

  it('creates a verified demo account per role that can sign in', async () => {
    for (const [email, role] of [
      ['admin@demo.test', 'Admin'],
      ['broker@demo.test', 'Consultant'],
      ['registrar@demo.test', 'Registrar'],
      ['buyer@demo.test', 'Buyer'],
      ['seller@demo.test', 'Seller'],
      ['investor@demo.test', 'Buyer'],
    ]) {
      const r = await t.call('POST', '/login', { email, password: DEMO_PASSWORD });
      expect(r.status, email).toBe(200);
      expect(r.body.data.user.roles.map((x: { role: { roleType: string } }) => x.role.roleType)).toEqual([
        role,
      ]);
    }
  });

  it('gives the consultant badges and the registrar its record with the example site origins', async () => {
    expect(await badgesOf(t.db, 'broker@demo.test')).toEqual(['OG Domains', 'Platinum Buzz']);
    const [reg] = await t.db.select().from(registrars).where(eq(registrars.uid, 'demo-registrar'));
    expect(reg?.allowedOrigins).toEqual(
      expect.arrayContaining(['http://localhost:4000', 'http://127.0.0.1:4000']),
    );
    const [u] = await t.db.select().from(users).where(eq(users.email, 'registrar@demo.test'));
    expect(u?.registrarUID).toBe('demo-registrar');
  });
});
