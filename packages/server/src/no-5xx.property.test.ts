/**
 * No input ever gets a 5xx, on every operation of the OpenAPI document: fuzzed path parameters, query
 * strings, bodies and headers, with NUL bytes, malformed percent-encoding, huge numbers, long strings
 * and deeply nested JSON. Every answer must also be one the document describes. The widget frame's
 * pages and assets (outside /api) get the same treatment.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { makeUser } from './test/accounts.ts';
import { createTestApp } from './test/harness.ts';
import { createResponseValidator, operationsOf } from './test/openapi-validator.ts';

type Json = Record<string, unknown>;

const t = await createTestApp({
  env: { APPRAISAL_BURST_PER_MINUTE: '1000000', APPRAISAL_GUEST_IP_DAILY_CAP: '1000000' },
});
afterAll(() => t.close());
/** The fuzz may log these out (GET /logout): each test below makes its own. */
const newStaff = () =>
  makeUser(t, {
    role: 'Admin',
    privileges: {
      AppraisalSearchUnLimit: true,
      ChangeAppraisedDomainValues: true,
      ChangeCategoryValues: true,
      ShareDownloadAppraisal: true,
      EmailAppraisalCertificate: true,
    },
  });
const staff = await newStaff();
const buyer = await makeUser(t);
// biome-ignore lint/suspicious/noExplicitAny: the document is read as loose JSON
const doc: any = (await t.call('GET', '/openapi.json')).body;
const validator = createResponseValidator(doc);
const operations = operationsOf(doc);

/** The field and parameter names the document knows, so the fuzz reaches the validators' real paths. */
const fieldNames = new Set<string>();
const collect = (node: unknown) => {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach(collect);
  for (const [k, v] of Object.entries(node as Json)) {
    if (k === 'properties' && v && typeof v === 'object')
      for (const name of Object.keys(v)) fieldNames.add(name);
    if (k === 'parameters' && Array.isArray(v)) for (const p of v) fieldNames.add(String((p as Json).name));
    collect(v);
  }
};
collect(doc.paths);
collect(doc.components.schemas);
const FIELDS = [...fieldNames].filter((n) => /^[\w-]+$/.test(n));

const NASTY = [
  '\u0000',
  'a\u0000b',
  'example.com\u0000',
  '%ZZ',
  '%',
  '%E0%A4%A',
  '%00',
  '1e309',
  '-1',
  '9'.repeat(400),
  'x'.repeat(5000),
  'xn--zz.com',
  'xn--.com',
  'example.com',
  'admin@demo.test',
  '\ud800',
];
const text = fc.oneof(fc.string(), fc.constantFrom(...NASTY));
const value = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER * 1000, 0.1 + 0.2),
  fc.boolean(),
  fc.constant(null),
  fc.array(text),
  fc.array(fc.record({ UID: text, description: fc.oneof(text, fc.integer()) })),
  fc.dictionary(fc.string(), text),
);
const deep = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
/** Raw JSON texts JSON.stringify cannot produce: numbers past the double range, deep nesting. */
const RAW_BODIES = [
  '{"offerAmount": 1e999, "manualValue": -1e999, "description": 1e999}',
  `{"email": ${'9'.repeat(1000)}}`,
  deep(5000),
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  '{"email": "a\\u0000b", "password": "\\u0000"}',
  '{"__proto__": {"admin": true}, "constructor": {"prototype": {}}}',
  '\u0000',
  '{',
  '',
];
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), value).map((b) => JSON.stringify(b)),
  fc.dictionary(fc.string(), value).map((b) => JSON.stringify(b)),
  fc.jsonValue().map((j) => JSON.stringify(j)),
  fc.constantFrom(...RAW_BODIES),
);
/** A path segment: encoded text, or bytes sent raw (malformed escapes, an encoded NUL). */
const segment = fc.oneof(
  text.map((s) => {
    try {
      return encodeURIComponent(s);
    } catch {
      return '%ED%A0%80'; // a lone surrogate, as its (invalid) UTF-8 bytes
    }
  }),
  fc.constantFrom(
    '%ZZ',
    '%',
    '%E0%A4%A',
    '%00',
    'a%00b.com',
    '%C0%AF',
    'xn--zz.com',
    'ExhibitB',
    'demo-registrar',
  ),
);
const queryPart = fc.tuple(fc.constantFrom(...FIELDS, 'x'), fc.oneof(segment, fc.constantFrom('1', 'true')));
const who = fc.constantFrom('staff', 'buyer', 'guest', 'bad-token', 'garbage');
const authOf = (w: string): Record<string, string> =>
  w === 'staff'
    ? staff.headers
    : w === 'buyer'
      ? buyer.headers
      : w === 'bad-token'
        ? { authorization: 'Bearer nope' }
        : w === 'garbage'
          ? { authorization: 'Bearer a b c' }
          : {};
const deviceId = fc.oneof(
  fc.string().map((s) => s.replace(/[^\x20-\x7e]/g, '')),
  fc.constant('d'.repeat(32)),
);

describe('no input to any documented operation gets a 5xx, and every answer is documented', () => {
  it.each(operations.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))(
    '%s',
    async (_name, op) => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(segment, { minLength: 3, maxLength: 3 }),
          fc.array(queryPart, { maxLength: 3 }),
          body,
          who,
          deviceId,
          async (segs, query, b, w, device) => {
            let i = 0;
            const path = op.path.replace(/\{\w+\}/g, () => segs[i++] ?? 'x');
            const qs = query.map(([k, v]) => `${k}=${v}`).join('&');
            const url = `/api${path}${qs ? `?${qs}` : ''}`;
            const hasBody = op.method !== 'get' && op.method !== 'delete';
            const res = await t.app.request(url, {
              method: op.method.toUpperCase(),
              headers: { 'content-type': 'application/json', 'x-device-id': device, ...authOf(w) },
              ...(hasBody ? { body: b } : {}),
            });
            const answer = await res.text();
            const where = `${op.method.toUpperCase()} ${url} ${hasBody ? b.slice(0, 200) : ''}`;
            if (res.status >= 500) throw new Error(`${res.status} ${answer.slice(0, 300)} for ${where}`);
            // The path as the server sees it: a '.' or '..' segment is removed by URL parsing, and a
            // segment such as '%2F' may route elsewhere: only answers of this operation are checked here.
            const served = new URL(url, 'http://localhost').pathname.replace(/^\/api/, '');
            const reached = validator.find(op.method, `${served}${qs ? `?${qs}` : ''}`);
            if (reached?.operationId !== op.operationId) return;
            const problems = validator.problems(op, {
              status: res.status,
              headers: res.headers,
              text: answer,
            });
            if (problems.length) throw new Error(`${problems.join('; ')} for ${where}`);
          },
        ),
        { numRuns: 25 },
      );
    },
    120_000,
  );
});

describe('bad input is refused at the validation layer with the catalogue’s 400', () => {
  it('invalid punycode, NUL characters and malformed percent-encoding', async () => {
    const buyer = await makeUser(t);
    const punycode = await t.call('PUT', '/appraisalDetails/xn--zz.com', {}, buyer.headers);
    expect(punycode).toMatchObject({ status: 400, body: { code: 'DOMAIN_INVALID' } });
    const profile = await t.call('PATCH', '/myProfile', { firstName: 'A\u0000' }, buyer.headers);
    expect(profile).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    const signup = await t.call('POST', '/signup', { email: 'nul@example.com', name: 'N\u0000' });
    expect(signup).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    for (const path of ['/registrars/a%00b', '/widget/registrars/a%00b'])
      expect(await t.call('GET', path)).toMatchObject({
        status: 400,
        body: { code: 'REGISTRAR_UID_MISSING' },
      });
    const clicks = await t.call('POST', '/updateClicks/a%00b', { domainName: 'wanted.com' });
    expect(clicks).toMatchObject({ status: 400, body: { code: 'REGISTRAR_UID_MISSING' } });
    const frame = await t.app.request('/registrar-message?registrarId=a%00b');
    expect(frame.status).toBe(400);
    expect(await frame.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const asset = await t.app.request('/widget-frame/assets/%ZZ');
    expect(asset.status).toBe(400);
    expect(await asset.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('NUL bytes (which PostgreSQL text refuses) are dropped from free text and refused elsewhere', async () => {
    const staff = await newStaff();
    const list = await t.call('GET', '/manualAppraisal?search=%00', undefined, staff.headers);
    expect(list.status).toBe(200);
    const put = await t.call(
      'PUT',
      '/appraisalDetails/nulbyte.com',
      { referrerURL: 'a\u0000b' },
      staff.headers,
    );
    expect(put.status).toBe(200);
    const cats = await t.call('GET', '/exhibitConditions/ExhibitB', undefined, staff.headers);
    const patch = await t.call(
      'PATCH',
      `/exhibitConditions/${cats.body.data[0].UID}`,
      { categoryName: 'a\u0000', description: 5 },
      staff.headers,
    );
    expect(patch.status).toBe(400);
    const mail = await t.call(
      'POST',
      '/sendAppraisalCertificate',
      { domainName: 'nulbyte.com', email: 'n@example.com', name: 'N\u0000' },
      staff.headers,
    );
    expect(mail.status).toBe(200);
  });
});

describe('the widget frame never answers 5xx', () => {
  it('pages and assets with any registrar id or asset name', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/registrar-message', '/sample-registrar-flow', '/widget-frame/assets/'),
        segment,
        async (path, seg) => {
          const url = path.endsWith('/') ? `${path}${seg}` : `${path}?registrarId=${seg}`;
          const res = await t.app.request(url);
          if (res.status >= 500) throw new Error(`${res.status} for ${url}`);
        },
      ),
      { numRuns: 60 },
    );
  });
});
