import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads } from '#server/db/schema/index.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.register('profile@example.com', 'Str0ng@Pass', { name: 'Pro File' });
});
afterAll(() => t.close());

describe('GET /myProfile', () => {
  it('answers the spec profile with roles, registrarUID, userInterested and userDetail', async () => {
    const login = await t.call('POST', '/login', { email: 'registrar@demo.test', password: DEMO_PASSWORD });
    const r = await t.call('GET', '/myProfile', undefined, t.auth(login.body.data.token));
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      email: 'registrar@demo.test',
      registrarUID: 'demo-registrar',
      roles: [{ role: { roleType: 'Registrar' } }],
      userDetail: {
        AppraisalSearchUnLimit: true,
        ShareDownloadAppraisal: true,
        EmailAppraisalCertificate: true,
      },
    });
    const investor = await t.call('POST', '/login', { email: 'investor@demo.test', password: DEMO_PASSWORD });
    expect(investor.body.data.user.userInterested).toBe('Investor');
  });
});

describe('PATCH /myProfile', () => {
  it('changes only the fields sent and derives the name', async () => {
    const r = await t.call(
      'PATCH',
      '/myProfile',
      { firstName: 'Jane', phone: '+44 20 7946 0958' },
      t.auth(token),
    );
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('User Details Updated Successfully');
    expect(r.body.data).toMatchObject({
      firstName: 'Jane',
      lastName: 'File',
      name: 'Jane File',
      phone: '+442079460958',
      preferredContact: 'Email',
    });
    const r2 = await t.call(
      'PATCH',
      '/myProfile',
      {
        lastName: 'Doe',
        preferredContact: 'PhoneText',
        website: 'https://jane.example.com',
        image: 'https://img.example.com/j.png',
      },
      t.auth(token),
    );
    expect(r2.body.data).toMatchObject({
      name: 'Jane Doe',
      phone: '+442079460958',
      preferredContact: 'PhoneText',
      website: 'https://jane.example.com',
      image: 'https://img.example.com/j.png',
    });
    const me = await t.call('GET', '/myProfile', undefined, t.auth(token));
    expect(me.body.data.name).toBe('Jane Doe');
  });

  it.each([
    [{ firstName: '' }, 'Please Enter First Name'],
    [{ phone: '555' }, 'Invalid phone number'],
    [{ website: 'not a url' }, 'Please enter valid URL'],
    [{ preferredContact: 'Pigeon' }, 'Invalid entry.'],
    [{ firstName: 'x'.repeat(101) }, 'Input value is too long.'],
  ])('validates %j → %s', async (body, message) => {
    const r = await t.call('PATCH', '/myProfile', body, t.auth(token));
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(message);
  });

  it('never lets the body set email, roles or privileges', async () => {
    for (const body of [
      { email: 'x@example.com' },
      { roles: [] },
      { userDetail: {} },
      { registrarUID: 'demo-registrar' },
    ]) {
      const r = await t.call('PATCH', '/myProfile', body, t.auth(token));
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('UNKNOWN_FIELD');
    }
  });

  it('needs a session', async () => {
    expect((await t.call('PATCH', '/myProfile', { firstName: 'X' })).status).toBe(401);
    expect((await t.call('GET', '/myProfile')).status).toBe(401);
  });
});

describe('removing the phone', () => {
  it('an empty phone removes it', async () => {
    const token = await t.register('phone-off@example.com', 'Str0ng@Pass', { name: 'Phone Off' });
    await t.call('PATCH', '/myProfile', { phone: '+1 415 555 0100' }, t.auth(token));
    const r = await t.call('PATCH', '/myProfile', { phone: '' }, t.auth(token));
    expect(r.status).toBe(200);
    expect(r.body.data.phone).toBeNull();
  });

  it("is refused while an open lead prefers the phone ('Your Phone Number is set as preferred contact in your lead.')", async () => {
    const token = await t.register('phone-lead@example.com', 'Str0ng@Pass', { name: 'Phone Lead' });
    await t.call('PATCH', '/myProfile', { phone: '+1 415 555 0100' }, t.auth(token));
    const me = await t.call('GET', '/myProfile', undefined, t.auth(token));
    const at = t.clock.now();
    const [lead] = await t.db
      .insert(leads)
      .values({
        userUid: me.body.data.UID,
        domainName: 'wanted.com',
        preferredContact: 'PhoneText',
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    const r = await t.call('PATCH', '/myProfile', { phone: '', firstName: 'Changed' }, t.auth(token));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      code: 'PHONE_IS_PREFERRED_CONTACT',
      message: 'Your Phone Number is set as preferred contact in your lead.',
    });
    const after = await t.call('GET', '/myProfile', undefined, t.auth(token));
    expect(after.body.data).toMatchObject({ phone: '+14155550100', firstName: 'Phone' });
    // changing the number (not removing it) is not the lead's business
    const other = await t.call('PATCH', '/myProfile', { phone: '+44 20 7946 0958' }, t.auth(token));
    expect(other.status).toBe(200);
    // once the lead is closed, the phone may go
    await t.db.update(leads).set({ status: 'canceled' }).where(eq(leads.uid, lead!.uid));
    const removed = await t.call('PATCH', '/myProfile', { phone: '' }, t.auth(token));
    expect(removed.status).toBe(200);
    expect(removed.body.data.phone).toBeNull();
  });
});
