/**
 * Unsubscribing (decision A26) and turning mail back on from the profile. A token is checked, used once
 * and must name exactly the address, kind and lead asked for; otherwise nothing changes.
 */
import { AppError } from '@domain-broker/shared/errors';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type MailOptOutType, mailOptOuts, usedMailTokens } from '#server/db/schema/selling.ts';
import { sha256 } from '#server/lib/crypto.ts';
import { mailTokenSecret, verifyUnsubscribe } from '#server/lib/mail/unsubscribe.ts';

export interface UnsubscribeRequest {
  token: string;
  email?: string;
  type?: MailOptOutType;
  closeUID?: string | undefined;
  message?: string | undefined;
}

/** Stops the mail the token names. Throws UNSUBSCRIBE_LINK_INVALID for a forged, altered or reused token. */
export async function unsubscribe(db: Db, req: UnsubscribeRequest, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const claims = verifyUnsubscribe(await mailTokenSecret(tx), req.token);
    const matches =
      claims &&
      (req.email === undefined || req.email.toLowerCase() === claims.email) &&
      (req.type === undefined || req.type === claims.type) &&
      (!req.closeUID || req.closeUID === claims.leadUid);
    if (!claims || !matches) throw new AppError('UNSUBSCRIBE_LINK_INVALID');
    const used = await tx
      .insert(usedMailTokens)
      .values({ tokenHash: sha256(req.token), usedAt: now })
      .onConflictDoNothing()
      .returning({ h: usedMailTokens.tokenHash });
    if (!used.length) throw new AppError('UNSUBSCRIBE_LINK_INVALID');
    await tx
      .insert(mailOptOuts)
      .values({
        email: claims.email,
        type: claims.type,
        leadUid: claims.leadUid,
        message: req.message ?? '',
        createdAt: now,
      })
      .onConflictDoNothing();
  });
}

export async function listOptOuts(db: Db, email: string) {
  const rows = await db
    .select({ type: mailOptOuts.type, leadUid: mailOptOuts.leadUid, createdAt: mailOptOuts.createdAt })
    .from(mailOptOuts)
    .where(eq(mailOptOuts.email, email.toLowerCase()))
    .orderBy(mailOptOuts.createdAt);
  return rows.map((r) => ({ type: r.type, closeUID: r.leadUid, createdAt: r.createdAt.toISOString() }));
}

/** Turns one kind of mail (or one lead's mails) back on. */
export async function resubscribe(db: Db, email: string, type: MailOptOutType, closeUID: string | undefined) {
  const deleted = await db
    .delete(mailOptOuts)
    .where(
      and(
        eq(mailOptOuts.email, email.toLowerCase()),
        eq(mailOptOuts.type, type),
        closeUID ? eq(mailOptOuts.leadUid, closeUID) : isNull(mailOptOuts.leadUid),
      ),
    )
    .returning({ id: mailOptOuts.id });
  if (!deleted.length) throw new AppError('NOT_FOUND');
}
