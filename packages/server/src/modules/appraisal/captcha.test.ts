/**
 * Robots: the captcha check against a local stand-in of Turnstile's siteverify, and bursts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaVerifier } from '#server/lib/captcha.ts';
import { device, freshDomain, makeUser, newDeviceId } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

const SECRET = 'test-secret-0x4AAA';
const GOOD = 'good-token';
let server: Server;
let verifyUrl: string;
const seen: URLSearchParams[] = [];
let answer: 'normal' | 'http-500' = 'normal';

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const form = new URLSearchParams(body);
      seen.push(form);
      if (answer === 'http-500') {
        res.writeHead(500).end();
        return;
      }
      const ok = req.method === 'POST' && form.get('secret') === SECRET && form.get('response') === GOOD;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          ok ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  verifyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/turnstile/v0/siteverify`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('createCaptchaVerifier', () => {
  it('posts secret, response and remoteip as a form, and reads success', async () => {
    const v = createCaptchaVerifier({ secret: SECRET, verifyUrl });
    expect(v.enabled).toBe(true);
    expect(await v.verify(GOOD, '192.0.2.7')).toBe(true);
    const form = seen.at(-1)!;
    expect(Object.fromEntries(form)).toEqual({ secret: SECRET, response: GOOD, remoteip: '192.0.2.7' });
    expect(await v.verify('forged', '192.0.2.7')).toBe(false);
    expect(await v.verify(undefined)).toBe(false);
  });

  it('fails closed when the verifier errs or cannot be reached', async () => {
    answer = 'http-500';
    expect(await createCaptchaVerifier({ secret: SECRET, verifyUrl }).verify(GOOD)).toBe(false);
    answer = 'normal';
    const unreachable = createCaptchaVerifier({ secret: SECRET, verifyUrl: 'http://127.0.0.1:9/siteverify' });
    expect(await unreachable.verify(GOOD)).toBe(false);
  });

  it('is off without a secret', async () => {
    const v = createCaptchaVerifier({ secret: undefined, verifyUrl });
    expect(v.enabled).toBe(false);
    expect(await v.verify(undefined)).toBe(true);
  });
});

describe('PUT /appraisalDetails with CAPTCHA_SECRET', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        TRUST_PROXY: 'true',
        CAPTCHA_SECRET: SECRET,
        CAPTCHA_VERIFY_URL: verifyUrl,
        APPRAISAL_BURST_PER_MINUTE: '5',
      },
    });
  });
  afterAll(() => t.close());

  const appraise = (body: unknown, headers: Record<string, string>) =>
    t.call('PUT', `/appraisalDetails/${freshDomain()}`, body, headers);

  it('a valid botToken passes; a missing or forged one answers 451 ROBOT_DETECTED without using the limit', async () => {
    const h = { ...device(newDeviceId()), 'x-forwarded-for': '192.0.2.50' };
    const missing = await appraise({}, h);
    expect(missing.status).toBe(451);
    expect(missing.body.code).toBe('ROBOT_DETECTED');
    const forged = await appraise({ botToken: 'forged' }, h);
    expect(forged.status).toBe(451);
    const ok = await appraise({ botToken: GOOD }, h);
    expect(ok.status).toBe(200);
    expect(ok.body.data.remaining).toBe(0);
    expect(seen.at(-1)!.get('remoteip')).toBe('192.0.2.50');
  });

  it('a burst from one address answers 451 once it passes the per-minute threshold, and passes a minute later', async () => {
    const ip = '192.0.2.60';
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push(
        (await appraise({ botToken: GOOD }, { ...device(newDeviceId()), 'x-forwarded-for': ip })).status,
      );
    }
    expect(statuses.slice(0, 5).every((s) => s === 200 || s === 429)).toBe(true);
    expect(statuses.slice(5)).toEqual([451, 451]);
    t.clock.advance(61_000);
    expect(
      (await appraise({ botToken: GOOD }, { ...device(newDeviceId()), 'x-forwarded-for': ip })).status,
    ).not.toBe(451);
  });

  it('users with AppraisalSearchUnLimit are trusted: no captcha, no burst limit', async () => {
    const u = await makeUser(t, { privileges: { AppraisalSearchUnLimit: true } });
    for (let i = 0; i < 8; i++)
      expect((await appraise({}, { ...u.headers, 'x-forwarded-for': '192.0.2.70' })).status).toBe(200);
  });
});
