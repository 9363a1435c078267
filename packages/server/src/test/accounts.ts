/** Test accounts: users with chosen roles and privileges, straight in the database. */
import { randomBytes } from 'node:crypto';
import type { Privilege, RoleType } from '@domain-broker/shared/roles';
import { eq } from 'drizzle-orm';
import { roles, userRoles, users } from '../db/schema/index.ts';
import { createSession } from '../modules/auth/sessions.ts';
import type { TestApp } from './harness.ts';

const COLUMN: Record<Privilege, keyof typeof users.$inferInsert> = {
  AppraisalSearchUnLimit: 'appraisalSearchUnLimit',
  ShareDownloadAppraisal: 'shareDownloadAppraisal',
  EmailAppraisalCertificate: 'emailAppraisalCertificate',
  WeeklyAppraisalSearchHistoryReport: 'weeklyAppraisalSearchHistoryReport',
  ChangeAppraisedDomainValues: 'changeAppraisedDomainValues',
  ChangeCategoryValues: 'changeCategoryValues',
};

export interface TestUser {
  uid: string;
  email: string;
  token: string;
  headers: Record<string, string>;
}

let n = 0;

/** A verified user with a session. Privileges default to a self-registered user's (ADR 002). */
export async function makeUser(
  t: TestApp,
  opts: {
    role?: RoleType;
    privileges?: Partial<Record<Privilege, boolean>>;
    email?: string;
    locale?: 'en' | 'zh';
    firstName?: string;
  } = {},
): Promise<TestUser> {
  n++;
  const email = opts.email ?? `user${n}-${randomBytes(3).toString('hex')}@example.com`;
  const values: Record<string, unknown> = {
    email,
    firstName: opts.firstName ?? `User${n}`,
    emailVerifiedAt: t.clock.now(),
    locale: opts.locale ?? 'en',
  };
  for (const [p, on] of Object.entries(opts.privileges ?? {})) values[COLUMN[p as Privilege]] = on;
  const [u] = await t.db
    .insert(users)
    .values(values as typeof users.$inferInsert)
    .returning({ uid: users.uid });
  if (opts.role) {
    const [r] = await t.db.select({ uid: roles.uid }).from(roles).where(eq(roles.roleType, opts.role));
    await t.db.insert(userRoles).values({ userUid: u!.uid, roleUid: r!.uid });
  }
  const token = await createSession(t.db, u!.uid, t.clock.now(), t.config.session);
  return { uid: u!.uid, email, token, headers: { authorization: `Bearer ${token}` } };
}

/** A random device id as the portal keeps one. */
export const newDeviceId = () => randomBytes(16).toString('hex');
export const device = (id: string) => ({ 'x-device-id': id });

/** A domain nobody has appraised in this test file. */
let d = 0;
export const freshDomain = (tld = 'com') => `fresh${++d}${randomBytes(2).toString('hex')}.${tld}`;
