import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createLogger } from './logger.ts';

let lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  t = await createTestApp({ deps: { logger: createLogger('info', sink) } });
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

describe('error logs', () => {
  it('a failed sign-up insert logs its SQLSTATE and constraint, never the hash, the email or the SQL values', async () => {
    await t.db.execute(
      sql.raw("alter table users add constraint test_no_boom check (email <> 'boom@example.com') not valid"),
    );
    try {
      lines = [];
      const r = await t.call('POST', '/signup', { email: 'boom@example.com', password: 'Boom@Pass99' });
      expect(r.status).toBe(500);
      const entry = lines.map((l) => JSON.parse(l)).find((e) => e.msg === 'unhandled error');
      expect(entry).toBeDefined();
      const text = JSON.stringify(entry);
      expect(text).toContain('23514'); // check_violation: the cause stays useful
      expect(text).toContain('test_no_boom');
      for (const secret of ['boom@example.com', '$argon2', 'Boom@Pass99', 'params', 'Failing row'])
        expect(text).not.toContain(secret);
    } finally {
      await t.db.execute(sql.raw('alter table users drop constraint test_no_boom'));
    }
  });

  it('a failed session insert never logs the session token or its hash', async () => {
    await t.db.execute(
      sql.raw('alter table sessions add constraint test_no_sessions check (false) not valid'),
    );
    try {
      lines = [];
      const r = await t.call('POST', '/login', { email: 'buyer@demo.test', password: 'Demo@Pass1' });
      expect(r.status).toBe(500);
      const all = lines.join('\n');
      expect(all).toContain('test_no_sessions');
      expect(all).not.toMatch(/[0-9a-f]{64}/); // a sha256 token hash
      expect(all).not.toContain('buyer@demo.test');
    } finally {
      await t.db.execute(sql.raw('alter table sessions drop constraint test_no_sessions'));
    }
  });

  it('redacts secret fields by name wherever they are logged', () => {
    const out: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        out.push(String(chunk));
        done();
      },
    });
    const log = createLogger('info', sink);
    log.info(
      {
        email: 'a@b.example',
        user: { passwordHash: '$argon2id$x', tokenHash: 'abc123' },
        verificationCode: '123456',
      },
      'x',
    );
    const line = out.join('');
    for (const s of ['a@b.example', '$argon2id$x', 'abc123', '123456']) expect(line).not.toContain(s);
    expect(line).toContain('[redacted]');
  });
});
