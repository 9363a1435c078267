/**
 * One-time email codes: 6 digits from the CSPRNG, stored hashed, 10-minute expiry, single use, dead
 * after 5 wrong tries. Consumption is one atomic UPDATE ... WHERE used_at IS NULL RETURNING, so two
 * parallel submissions of the right code succeed exactly once.
 */
import { timingSafeEqual } from 'node:crypto';
import { OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES } from '@domain-broker/shared/constants';
import { AppError } from '@domain-broker/shared/errors';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { emailCodes } from '#server/db/schema/index.ts';
import { newCode, sha256 } from '#server/lib/crypto.ts';

export type CodePurpose = 'verify' | 'reset';

const hashCode = (userUid: string, purpose: CodePurpose, code: string) =>
  sha256(`${userUid}:${purpose}:${code}`);

/** Ends every unused code and set-password link of the account (a deleted account takes none). */
export async function retireCodes(db: DbOrTx, userUid: string, now: Date): Promise<void> {
  await db
    .update(emailCodes)
    .set({ usedAt: now })
    .where(and(eq(emailCodes.userUid, userUid), isNull(emailCodes.usedAt)));
}

/** Issues a fresh code (earlier unused codes of the same purpose stop working) and returns it. */
export async function issueCode(
  db: DbOrTx,
  userUid: string,
  purpose: CodePurpose,
  now: Date,
): Promise<string> {
  const code = newCode();
  await db
    .update(emailCodes)
    .set({ usedAt: now })
    .where(and(eq(emailCodes.userUid, userUid), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)));
  await db.insert(emailCodes).values({
    userUid,
    purpose,
    codeHash: hashCode(userUid, purpose, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + OTP_TTL_MINUTES * 60_000),
  });
  return code;
}

/** Consumes the user's live code of `purpose`, or throws OTP_EXPIRED / OTP_INVALID. */
export async function consumeCode(
  db: DbOrTx,
  userUid: string,
  purpose: CodePurpose,
  code: string,
  now: Date,
) {
  const [live] = await db
    .select()
    .from(emailCodes)
    .where(
      and(
        eq(emailCodes.userUid, userUid),
        eq(emailCodes.purpose, purpose),
        isNull(emailCodes.usedAt),
        gt(emailCodes.expiresAt, now),
        lt(emailCodes.attempts, OTP_MAX_ATTEMPTS),
      ),
    )
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  if (!live) throw new AppError('OTP_EXPIRED');
  const given = Buffer.from(hashCode(userUid, purpose, code));
  const stored = Buffer.from(live.codeHash);
  const match = given.length === stored.length && timingSafeEqual(given, stored);
  if (match) {
    const used = await db
      .update(emailCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailCodes.uid, live.uid),
          isNull(emailCodes.usedAt),
          gt(emailCodes.expiresAt, now),
          lt(emailCodes.attempts, OTP_MAX_ATTEMPTS),
        ),
      )
      .returning({ uid: emailCodes.uid });
    if (used.length !== 1) throw new AppError('OTP_EXPIRED');
    return;
  }
  const [after] = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(and(eq(emailCodes.uid, live.uid), isNull(emailCodes.usedAt)))
    .returning({ attempts: emailCodes.attempts });
  if (!after || after.attempts >= OTP_MAX_ATTEMPTS) throw new AppError('OTP_EXPIRED');
  throw new AppError('OTP_INVALID');
}
