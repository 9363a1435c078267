/**
 * Who a mail goes to: the address, the greeting's names and the language, read from the users table in
 * one query for every person a mail (or a batch of mails) names. Every module that mails a buyer, a
 * broker or a registrar reads its recipients here, so a mail's locale is decided one way.
 */
import { inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { users } from '#server/db/schema/index.ts';
import type { EnqueueMail, MailRequest } from './types.ts';

export type MailLocale = MailRequest['locale'];

export interface Recipient {
  uid: string;
  email: string;
  firstName: string;
  lastName: string;
  locale: MailLocale;
}

/**
 * How a mail to staff names a buyer: the first and last name, or the address when the account has no
 * name (a sign-up through the widget may give none), so a broker never reads an empty "buyer:" line.
 * Mails to buyers name their broker by name only (payments/fulfil.ts): a broker's address is not shared.
 */
export const buyerName = (r: Pick<Recipient, 'firstName' | 'lastName' | 'email'>): string =>
  `${r.firstName} ${r.lastName}`.trim() || r.email;

/** The mail language of an account's stored locale: Chinese when it chose Chinese, else English. */
export const mailLocale = (locale: string | null | undefined): MailLocale => (locale === 'zh' ? 'zh' : 'en');

/** The recipients among `uids` (blank ones skipped), by uid; an unknown uid is simply absent. */
export async function recipients(
  db: DbOrTx,
  uids: ReadonlyArray<string | null | undefined>,
): Promise<Map<string, Recipient>> {
  const wanted = [...new Set(uids.filter((u): u is string => !!u))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({
      uid: users.uid,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      locale: users.locale,
    })
    .from(users)
    .where(inArray(users.uid, wanted));
  return new Map(rows.map((r) => [r.uid, { ...r, locale: mailLocale(r.locale) }]));
}

/** One recipient, or undefined for a blank or unknown uid. */
export async function recipient(db: DbOrTx, uid: string | null | undefined): Promise<Recipient | undefined> {
  return uid ? (await recipients(db, [uid])).get(uid) : undefined;
}

/** What a scheduled job that mails needs: the database, the portal's address for links, and the outbox. */
export interface MailJobDeps {
  db: Db;
  publicUrl: string;
  enqueueMail: EnqueueMail;
}
