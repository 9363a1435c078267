import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailCodes, rateLimits, sessions, users } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { pruneExpired } from './housekeeping.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('pruneExpired', () => {
  it('deletes what ended more than a day ago and keeps the rest', async () => {
    const live = await t.register('keep@example.com');
    const old = await t.register('old@example.com');
    await t.call('GET', '/logout', undefined, t.auth(old));
    await t.call('POST', '/login', { email: 'keep@example.com', password: 'Wrong@Pass1' });
    const count = async () => ({
      sessions: (await t.db.select().from(sessions)).length,
      codes: (await t.db.select().from(emailCodes)).length,
      windows: (await t.db.select().from(rateLimits)).length,
    });
    const before = await count();
    expect(await pruneExpired(t.db, t.clock.now())).toEqual({ rateLimits: 0, sessions: 0, codes: 0 });

    t.clock.advance(25 * 3_600_000); // the logout and the used codes are now more than a day old
    const pruned = await pruneExpired(t.db, t.clock.now());
    expect(pruned.sessions).toBe(1);
    expect(pruned.codes).toBe(before.codes);
    expect(pruned.rateLimits).toBe(before.windows);
    const [keep] = await t.db.select().from(users).where(eq(users.email, 'keep@example.com'));
    const remaining = await t.db.select().from(sessions);
    expect(remaining.map((s) => s.userUid)).toContain(keep!.uid);
    expect(remaining).toHaveLength(before.sessions - 1);
    expect(live).toBeTruthy();
  });
});
