/**
 * Who asked not to receive which mail (the `mail_opt_outs` table, decision A26). Every sender of a
 * non-transactional mail asks `isOptedOut` before queueing it; transactional mail (codes, receipts,
 * the survey's thanks) never does. An opt-out names a kind of mail for an address, or one lead's mails.
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { type MailOptOutType, mailOptOuts } from '#server/db/schema/selling.ts';

export interface OptOutQuery {
  email: string;
  type: MailOptOutType;
  /** The lead the mail is about: an opt-out of that lead alone also stops it. */
  leadUid?: string | null;
}

export async function isOptedOut(db: DbOrTx, q: OptOutQuery): Promise<boolean> {
  const email = q.email.trim().toLowerCase();
  const forLead = q.leadUid
    ? or(isNull(mailOptOuts.leadUid), eq(mailOptOuts.leadUid, q.leadUid))
    : isNull(mailOptOuts.leadUid);
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(mailOptOuts)
    .where(and(eq(mailOptOuts.email, email), eq(mailOptOuts.type, q.type), forLead))
    .limit(1);
  return rows.length > 0;
}
