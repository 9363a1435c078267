import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

let lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  t = await createTestApp({ deps: { logger: pino({ level: 'info' }, sink) } });
});
afterAll(() => t.close());

describe('request logs', () => {
  it('carry request id, method, route, status and duration, and never a password, token or code', async () => {
    lines = [];
    const password = 'Log@Secret9';
    await t.call('POST', '/signup', { email: 'logs@example.com', password });
    const code = await t.lastCode('logs@example.com');
    const v = await t.call('PATCH', '/verifyEmailByCode', {
      email: 'logs@example.com',
      verificationCode: code,
    });
    const token: string = v.body.data.token;
    await t.call('GET', '/myProfile', undefined, t.auth(token));
    await t.call('POST', '/login', { email: 'logs@example.com', password: 'Wrong@Pass1' });
    const all = lines.join('\n');
    for (const secret of [password, 'Wrong@Pass1', code, token]) expect(all).not.toContain(secret);
    const entries = lines.map((l) => JSON.parse(l)).filter((e) => e.msg === 'request');
    expect(entries.map((e) => [e.method, e.route, e.status])).toEqual([
      ['POST', '/api/signup', 207],
      ['PATCH', '/api/verifyEmailByCode', 200],
      ['GET', '/api/myProfile', 200],
      ['POST', '/api/login', 400],
    ]);
    for (const e of entries) {
      expect(e.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(typeof e.durationMs).toBe('number');
    }
  });
});
