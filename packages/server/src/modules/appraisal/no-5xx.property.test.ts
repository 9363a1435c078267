/** No input sent to the appraisal endpoints ever gets a 5xx (paths, queries, bodies, headers). */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { makeUser, type TestUser } from './test-support.ts';

let t: TestApp;
let staff: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  t = await createTestApp({
    env: { APPRAISAL_BURST_PER_MINUTE: '1000000', APPRAISAL_GUEST_IP_DAILY_CAP: '1000000' },
  });
  staff = await makeUser(t, {
    role: 'Admin',
    privileges: {
      AppraisalSearchUnLimit: true,
      ChangeAppraisedDomainValues: true,
      ChangeCategoryValues: true,
      ShareDownloadAppraisal: true,
      EmailAppraisalCertificate: true,
    },
  });
  buyer = await makeUser(t);
});
afterAll(() => t.close());

const FIELDS = [
  'referrerURL',
  'botToken',
  'domainNames',
  'domainName',
  'email',
  'name',
  'manualValue',
  'isBlocked',
  'overwrite',
  'categoryName',
  'description',
  'UID',
];
const value = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('example.com', 'a@b.co', '100', '-1', '1e309', 'x'.repeat(5000), '%', '\u0000'),
  fc.array(fc.oneof(fc.string(), fc.constantFrom('example.com', 'bad domain'))),
  fc.array(fc.record({ UID: fc.string(), description: fc.oneof(fc.string(), fc.integer()) })),
  fc.dictionary(fc.string(), fc.string()),
);
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), value),
  fc.dictionary(fc.string(), value),
  fc.jsonValue().map((j) => JSON.stringify(j)),
  fc.string(),
);
const segment = fc.oneof(
  fc.string(),
  fc.constantFrom(
    'example.com',
    'EXAMPLE.IO',
    'xn--bcher-kva.com',
    'a.b.com',
    '..',
    '%E0%A4%A',
    '%2F',
    'example.com.pdf',
  ),
  fc.uuid(),
);
const query = fc.dictionary(
  fc.constantFrom('userUID', 'signals', 'search', 'page', 'limit', 'sortBy', 'sortType', 'x'),
  fc.oneof(fc.string(), fc.constantFrom('1', '0', 'true', '-5', '1000000000000', 'createdAt', 'ASC')),
);
const qs = (q: Record<string, string>) => {
  const s = new URLSearchParams(q).toString();
  return s ? `?${s}` : '';
};
const who = fc.constantFrom<'staff' | 'buyer' | 'guest'>('staff', 'buyer', 'guest');
const headersOf = (w: 'staff' | 'buyer' | 'guest', deviceId: string) => ({
  ...(w === 'staff' ? staff.headers : w === 'buyer' ? buyer.headers : {}),
  'x-device-id': deviceId,
});

type Case = [string, (seg: string) => string];
const ENDPOINTS: Case[] = [
  ['PUT', (s) => `/appraisalDetails/${s}`],
  ['GET', () => '/recentSearch'],
  ['PATCH', () => '/updateUserIDInDomain'],
  ['POST', () => '/sendAppraisalCertificate'],
  ['GET', (s) => `/appraisalCertificate/${s}.pdf`],
  ['POST', (s) => `/appraisalCertificate/${s}/share`],
  ['GET', (s) => `/certificates/${s}.pdf`],
  ['GET', () => '/manualAppraisal'],
  ['POST', () => '/manualAppraisal'],
  ['PATCH', (s) => `/manualAppraisal/${s}`],
  ['DELETE', (s) => `/manualAppraisal/${s}`],
  ['GET', (s) => `/exhibitConditions/${s}`],
  ['PATCH', (s) => `/exhibitConditions/${s}`],
];

describe('no input sent to the appraisal endpoints ever gets a 5xx', () => {
  it.each(ENDPOINTS)('%s %s', async (method, path) => {
    await fc.assert(
      fc.asyncProperty(
        segment,
        query,
        body,
        who,
        fc.oneof(fc.string(), fc.constant('d'.repeat(32))),
        async (seg, q, b, w, deviceId) => {
          let p: string;
          try {
            p = path(encodeURIComponent(seg)) + qs(q);
          } catch {
            return; // a lone surrogate cannot even be sent
          }
          const r = await t.call(
            method,
            p,
            method === 'GET' || method === 'DELETE' ? undefined : b,
            headersOf(w, deviceId.replace(/[^\x20-\x7e]/g, '')),
          );
          if (r.status >= 500)
            throw new Error(`${r.status} ${JSON.stringify(r.body)} for ${method} ${p} ${JSON.stringify(b)}`);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('NUL bytes (which PostgreSQL text refuses) never reach the database', () => {
  it('are dropped from free text and refused elsewhere', async () => {
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
