/**
 * Demo data: the five roles and one verified account per role (plus an investor), a consultant with
 * badges and a registrar with its record. Idempotent: running it again changes nothing.
 */
import { ROLE_TYPES, type RoleType } from '@domain-broker/shared/roles';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { consultantBadges, registrars, roles, userRoles, users } from '../db/schema/index.ts';
import type { PasswordHasher } from '../lib/crypto.ts';
import { ensureExhibitConditions } from '../modules/exhibit-conditions/service.ts';

export const DEMO_REGISTRAR = {
  uid: 'demo-registrar',
  name: 'Demo Registrar',
  image: '',
  website: 'http://localhost:4000',
  allowedOrigins: ['http://localhost:4000', 'http://127.0.0.1:4000'],
};

export interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  role: RoleType;
  label: string;
  userInterested?: string;
  registrarUID?: string;
  badges?: string[];
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'admin@demo.test', firstName: 'Ada', lastName: 'Admin', role: 'Admin', label: 'Admin' },
  {
    email: 'broker@demo.test',
    firstName: 'Bruno',
    lastName: 'Broker',
    role: 'Consultant',
    label: 'Domain Broker',
    badges: ['OG Domains', 'Platinum Buzz'],
  },
  {
    email: 'registrar@demo.test',
    firstName: 'Rita',
    lastName: 'Registrar',
    role: 'Registrar',
    label: 'Registrar',
    registrarUID: DEMO_REGISTRAR.uid,
  },
  {
    email: 'buyer@demo.test',
    firstName: 'Bea',
    lastName: 'Buyer',
    role: 'Buyer',
    label: 'Buyer',
    userInterested: 'Buyer',
  },
  {
    email: 'seller@demo.test',
    firstName: 'Sam',
    lastName: 'Seller',
    role: 'Seller',
    label: 'Seller',
    userInterested: 'Seller',
  },
  {
    email: 'investor@demo.test',
    firstName: 'Ivan',
    lastName: 'Investor',
    role: 'Buyer',
    label: 'Investor',
    userInterested: 'Investor',
  },
];

export interface SeedResult {
  created: string[];
}

export async function seed(
  db: Db,
  hasher: PasswordHasher,
  demoPassword: string,
  now = new Date(),
): Promise<SeedResult> {
  const created: string[] = [];
  await ensureReferenceData(db);
  await db.insert(registrars).values(DEMO_REGISTRAR).onConflictDoNothing();
  const roleRows = await db.select().from(roles);
  const roleUid = (t: RoleType) => roleRows.find((r) => r.roleType === t)?.uid as string;
  let passwordHash: string | undefined;
  for (const a of DEMO_ACCOUNTS) {
    const [existing] = await db
      .select({ uid: users.uid })
      .from(users)
      .where(eq(users.email, a.email))
      .limit(1);
    if (existing) continue;
    passwordHash ??= await hasher.hash(demoPassword);
    const staff = a.role === 'Admin' || a.role === 'Consultant';
    await db.transaction(async (tx) => {
      const [u] = await tx
        .insert(users)
        .values({
          email: a.email,
          firstName: a.firstName,
          lastName: a.lastName,
          passwordHash,
          userInterested: a.userInterested ?? null,
          registrarUID: a.registrarUID ?? null,
          website: a.registrarUID ? DEMO_REGISTRAR.website : '',
          emailVerifiedAt: now,
          createdBy: 'admin',
          // Accounts an admin creates get the admin form's defaults (ADR 002); staff get the editing rights.
          appraisalSearchUnLimit: true,
          changeAppraisedDomainValues: staff,
          changeCategoryValues: staff,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ uid: users.uid });
      if (!u) return;
      await tx
        .insert(userRoles)
        .values({ userUid: u.uid, roleUid: roleUid(a.role) })
        .onConflictDoNothing();
      for (const badgeName of a.badges ?? []) {
        await tx.insert(consultantBadges).values({ userUid: u.uid, badgeName }).onConflictDoNothing();
      }
      created.push(a.email);
    });
  }
  return { created };
}

/**
 * What every database needs, production included (no account): the roles and the appraisal category
 * percentages (Exhibit B) at the engine's defaults. Idempotent; main.ts runs it at every start.
 */
export async function ensureReferenceData(db: Db): Promise<void> {
  await db
    .insert(roles)
    .values(ROLE_TYPES.map((roleType) => ({ roleType })))
    .onConflictDoNothing();
  await ensureExhibitConditions(db);
}

/** A user's badges (used by the seed test; the consultant endpoints arrive with leads). */
export async function badgesOf(db: Db, email: string): Promise<string[]> {
  const rows = await db
    .select({ badgeName: consultantBadges.badgeName })
    .from(consultantBadges)
    .innerJoin(users, and(eq(users.uid, consultantBadges.userUid), eq(users.email, email)));
  return rows.map((r) => r.badgeName).sort();
}

export function demoLoginsText(password: string): string {
  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.label.length));
  const emailWidth = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
  return DEMO_ACCOUNTS.map(
    (a) => `  ${a.label.padEnd(width)}  ${a.email.padEnd(emailWidth)}  ${password}`,
  ).join('\n');
}
