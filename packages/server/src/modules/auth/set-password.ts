/**
 * One-time set-password links (docs/operations.md, "The first administrator"): a random 256-bit token,
 * stored only as its SHA-256 (email_codes, purpose 'set-password'), valid for SET_PASSWORD_LINK_HOURS,
 * used once (an atomic UPDATE … WHERE used_at IS NULL RETURNING), and a new link retires the previous
 * one. `pnpm create-admin` and ADMIN_EMAIL use it for the first administrator; the admin workspace's
 * user creation reuses issueSetPasswordLink (product decision B2).
 */
import { randomBytes } from 'node:crypto';
import { AppError } from '@domain-broker/shared/errors';
import type { SetPasswordBody } from '@domain-broker/shared/schemas/auth';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { emailCodes, users } from '#server/db/schema/index.ts';
import type { PasswordHasher } from '#server/lib/crypto.ts';
import { sha256 } from '#server/lib/crypto.ts';
import { addRole, insertAccount, updateAccount } from '../profile/accounts.ts';
import { revokeAllSessions } from './sessions.ts';

const PURPOSE = 'set-password';
export const SET_PASSWORD_LINK_HOURS = 72;

const hashToken = (token: string) => sha256(`${PURPOSE}:${token}`);

/** A fresh link for the account (earlier unused links stop working). */
export async function issueSetPasswordLink(
  db: DbOrTx,
  userUid: string,
  publicUrl: string,
  now: Date,
  hours = SET_PASSWORD_LINK_HOURS,
): Promise<{ url: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + hours * 3_600_000);
  await db
    .update(emailCodes)
    .set({ usedAt: now })
    .where(and(eq(emailCodes.userUid, userUid), eq(emailCodes.purpose, PURPOSE), isNull(emailCodes.usedAt)));
  await db
    .insert(emailCodes)
    .values({ userUid, purpose: PURPOSE, codeHash: hashToken(token), createdAt: now, expiresAt });
  return { url: `${publicUrl}/set-password?token=${token}`, expiresAt };
}

/** Consumes the link and sets the password; every session of the account ends. */
export async function setPasswordWithLink(db: Db, hasher: PasswordHasher, body: SetPasswordBody, now: Date) {
  const passwordHash = await hasher.hash(body.password);
  await db.transaction(async (tx) => {
    const [used] = await tx
      .update(emailCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailCodes.codeHash, hashToken(body.token)),
          eq(emailCodes.purpose, PURPOSE),
          isNull(emailCodes.usedAt),
          gt(emailCodes.expiresAt, now),
        ),
      )
      .returning({ userUid: emailCodes.userUid });
    if (!used) throw new AppError('SET_PASSWORD_LINK_INVALID');
    const [user] = await tx.select().from(users).where(eq(users.uid, used.userUid)).limit(1);
    if (!user) throw new AppError('SET_PASSWORD_LINK_INVALID');
    // The link reached its owner (mail, or the operator who created the account), so the address counts as proven.
    await updateAccount(tx, user.uid, { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now }, now);
    await revokeAllSessions(tx, user.uid, now);
  });
  return { status: 200 as const, code: 'PASSWORD_SET' as const };
}

/**
 * Creates an administrator with no password (or finds the existing account with that address) and
 * answers a set-password link for it. Idempotent: running it again issues a new link.
 */
export async function createAdmin(db: Db, email: string, publicUrl: string, now: Date) {
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    await insertAccount(tx, {
      email: address,
      firstName: 'Admin',
      lastName: '',
      passwordHash: null,
      createdBy: 'admin',
      appraisalSearchUnLimit: true,
      changeAppraisedDomainValues: true,
      changeCategoryValues: true,
      createdAt: now,
      updatedAt: now,
    });
    const [user] = await tx.select({ uid: users.uid }).from(users).where(eq(users.email, address)).limit(1);
    if (!user) throw new Error(`Could not create ${address}`);
    await addRole(tx, user.uid, 'Admin');
    const link = await issueSetPasswordLink(tx, user.uid, publicUrl, now);
    return { email: address, ...link };
  });
}
