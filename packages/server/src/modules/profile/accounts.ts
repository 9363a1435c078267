/**
 * The one writer of the account tables, `users` and `user_roles` (docs/architecture.md "Module
 * boundaries"): sign-up, Google and LinkedIn (auth), the first administrator (auth/set-password.ts),
 * the admin's Users tab (users), the seller's confirmation (selling), the sign-up's registrar
 * (enquiries) and the phone a lead or a payment brings (leads) change an account only through these.
 * Each takes the caller's transaction, so the account changes with the record that caused it.
 */
import type { RoleType } from '@domain-broker/shared/roles';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { roles, userRoles, users } from '#server/db/schema/index.ts';

export type AccountRow = typeof users.$inferSelect;
export type NewAccount = typeof users.$inferInsert;
/** The columns a change may set (the key, the address and the creation stamp never change). */
export type AccountChanges = Partial<Omit<NewAccount, 'uid' | 'createdAt' | 'updatedAt'>>;

/** A new account; undefined when the address already has one (a parallel sign-up won the race). */
export async function insertAccount(tx: DbOrTx, values: NewAccount): Promise<AccountRow | undefined> {
  const [user] = await tx.insert(users).values(values).onConflictDoNothing().returning();
  return user;
}

/** Gives the account a role it may already hold; answers the role's uid. */
export async function addRole(tx: DbOrTx, userUid: string, roleType: RoleType): Promise<string> {
  const [role] = await tx.select({ uid: roles.uid }).from(roles).where(eq(roles.roleType, roleType)).limit(1);
  if (!role) throw new Error(`Role ${roleType} is missing: run the seed`);
  await tx.insert(userRoles).values({ userUid, roleUid: role.uid }).onConflictDoNothing();
  return role.uid;
}

/** Makes `roleUid` the account's only role (the admin form has one role). */
export async function setOnlyRole(tx: DbOrTx, userUid: string, roleUid: string): Promise<void> {
  await tx.delete(userRoles).where(eq(userRoles.userUid, userUid));
  await tx.insert(userRoles).values({ userUid, roleUid });
}

/** Writes `changes` to the account with its updatedAt. */
export async function updateAccount(
  tx: DbOrTx,
  userUid: string,
  changes: AccountChanges,
  now: Date,
): Promise<void> {
  await tx
    .update(users)
    .set({ ...changes, updatedAt: now })
    .where(eq(users.uid, userUid));
}

/** A sign-in: the last login moves, the account is not otherwise changed (updatedAt stays). */
export async function recordSignIn(tx: DbOrTx, userUid: string, now: Date): Promise<void> {
  await tx.update(users).set({ lastLogin: now }).where(eq(users.uid, userUid));
}

/** The phone of a lead or a payment form, kept on the account only when the account has none. */
export async function fillEmptyPhone(tx: DbOrTx, userUid: string, phone: string, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({ phone, updatedAt: now })
    .where(and(eq(users.uid, userUid), eq(users.phone, '')));
}

/** Attributes the account to a registrar, only when it has none yet. */
export async function attributeRegistrar(
  tx: DbOrTx,
  userUid: string,
  registrarUid: string,
  now: Date,
): Promise<void> {
  await tx
    .update(users)
    .set({ registrarUID: registrarUid, updatedAt: now })
    .where(and(eq(users.uid, userUid), isNull(users.registrarUID)));
}
