import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      TRUST_PROXY: 'true',
      RATE_LIMIT_WINDOW_SECONDS: '60',
      RATE_LIMIT_SIGNIN_PER_IP: '5',
      RATE_LIMIT_SIGNIN_PER_ACCOUNT: '3',
      RATE_LIMIT_SIGNUP_PER_IP: '2',
      RATE_LIMIT_MAIL_PER_IP: '50',
      RATE_LIMIT_MAIL_PER_ACCOUNT: '2',
    },
  });
});
afterAll(() => t.close());

const from = (ip: string) => ({ 'x-forwarded-for': `${ip}, 10.0.0.1` });

describe('rate limits (stored in the database)', () => {
  it('limits sign-in per (account, address), then resets with the window', async () => {
    const body = { email: 'buyer@demo.test', password: 'Wrong@Pass1' };
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await t.call('POST', '/login', body, from('1.1.1.1'))).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
    const r = await t.call('POST', '/login', body, from('1.1.1.1'));
    expect(r.body).toEqual({
      message: 'Too many attempts, please wait a few minutes and try again.',
      code: 'RATE_LIMITED',
    });
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    t.clock.advance(60_000);
    expect((await t.call('POST', '/login', body, from('1.1.1.1'))).status).toBe(400);
  });

  it('never locks the owner out: a stranger failing from one or many addresses leaves the owner signing in', async () => {
    const owner = { email: 'seller@demo.test', password: 'Demo@Pass1' };
    const wrong = { ...owner, password: 'Wrong@Pass1' };
    for (let i = 0; i < 8; i++) await t.call('POST', '/login', wrong, from('6.6.6.6'));
    expect((await t.call('POST', '/login', wrong, from('6.6.6.6'))).status).toBe(429);
    // Past the account-wide ceiling (5 × 3 attempts that passed the other limits), from many addresses: slowed, never refused.
    for (let i = 0; i < 13; i++)
      expect((await t.call('POST', '/login', wrong, from(`6.6.7.${i}`))).status).toBe(400);
    expect((await t.call('POST', '/login', owner, from('5.5.5.5'))).status).toBe(200);
  });

  it('sign-ups naming an existing address spend nothing of its reset quota', async () => {
    for (let i = 0; i < 5; i++)
      expect(
        (
          await t.call(
            'POST',
            '/signup',
            { email: 'buyer@demo.test', password: 'Str0ng@Pass' },
            from(`7.7.7.${i}`),
          )
        ).status,
      ).toBe(203);
    expect(
      (await t.call('PATCH', '/forgotPassword', { email: 'buyer@demo.test' }, from('8.8.8.8'))).status,
    ).toBe(200);
  });

  it('limits password changes per account', async () => {
    const token = await t.register('changer@example.com');
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (
          await t.call(
            'PATCH',
            '/changePassword',
            { oldPassword: 'Wrong@Pass1', password: 'N3w@Password', confirmPassword: 'N3w@Password' },
            { ...t.auth(token), ...from(`9.8.7.${i}`) },
          )
        ).status,
      );
    expect(statuses.slice(-1)).toEqual([429]);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
  });

  it('limits sign-in per IP across accounts', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await t.call('POST', '/login', { email: `n${i}@example.com`, password: 'x' }, from('2.2.2.2')))
          .status,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect(
      (await t.call('POST', '/login', { email: 'n9@example.com', password: 'x' }, from('2.2.2.3'))).status,
    ).toBe(400);
  });

  it('limits sign-up per IP', async () => {
    const s = [];
    for (let i = 0; i < 3; i++) {
      s.push(
        (
          await t.call(
            'POST',
            '/signup',
            { email: `s${i}@example.com`, password: 'Str0ng@Pass' },
            from('3.3.3.3'),
          )
        ).status,
      );
    }
    expect(s).toEqual([207, 207, 429]);
  });

  it('limits mail per (account, address): a stranger cannot spend the owner resets', async () => {
    await t.call('POST', '/signup', { email: 'm@example.com', password: 'Str0ng@Pass' }, from('4.4.4.4'));
    const a = await t.call('POST', '/sendVerificationCode', { email: 'm@example.com' }, from('4.4.4.4'));
    const b = await t.call('POST', '/sendVerificationCode', { email: 'm@example.com' }, from('4.4.4.4'));
    expect([a.status, b.status]).toEqual([200, 429]);
    expect(
      (await t.call('PATCH', '/forgotPassword', { email: 'm@example.com' }, from('4.4.4.4'))).status,
    ).toBe(429);
    const owner = await t.call('PATCH', '/forgotPassword', { email: 'm@example.com' }, from('4.4.4.7'));
    expect(owner.status).toBe(200);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const strict = await createTestApp({ env: { RATE_LIMIT_SIGNIN_PER_IP: '2' } });
    try {
      const s = [];
      for (let i = 0; i < 3; i++) {
        s.push(
          (
            await strict.call(
              'POST',
              '/login',
              { email: `z${i}@example.com`, password: 'x' },
              from(`9.9.9.${i}`),
            )
          ).status,
        );
      }
      expect(s).toEqual([400, 400, 429]);
    } finally {
      await strict.close();
    }
  });
});
