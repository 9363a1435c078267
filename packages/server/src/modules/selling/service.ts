/**
 * Sell submissions (docs/product.md "Sell submissions"; decisions A15, A18, A27, B12). A submission
 * is stored at once with its domains and mailed to staff. The address is confirmed by a single-use link
 * mailed to it; only then is the seller account made, or the Seller role added to the account that
 * address belongs to. A signed-in caller submitting with their own (verified) address is confirmed at
 * once. A public form never changes, blocks or reveals someone else's account.
 */

import { AppError } from '@domain-broker/shared/errors';
import { centsToOfferAmount } from '@domain-broker/shared/pricing';
import type { SellDomainAnswer, SellDomainBody } from '@domain-broker/shared/schemas/sell';
import { and, eq, gte, isNull } from 'drizzle-orm';
import { users } from '#server/db/schema/index.ts';
import { sellerDomains, sellSubmissions } from '#server/db/schema/selling.ts';
import type { Services } from '#server/deps.ts';
import { checkMailSender } from '#server/lib/captcha.ts';
import { newToken, sha256 } from '#server/lib/crypto.ts';
import { addRole, insertAccount } from '../profile/accounts.ts';

/** How long the confirmation link works. */
export const SELL_VERIFY_HOURS = 72;
/** How long after submitting the comment step may add a comment. */
export const SELL_COMMENT_HOURS = 24;

type SellServices = Pick<Services, 'db' | 'enqueueMail' | 'config' | 'captcha' | 'rateLimiter'>;

export interface SellActor {
  UID: string;
  email: string;
  emailVerified: boolean;
  locale: 'en' | 'zh';
}

const hashToken = (token: string) => sha256(`sell-verify:${token}`);
const money = (cents: number | null | undefined) => (cents == null ? '' : centsToOfferAmount(cents));

function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}

/** POST /sell-domain. */
export async function submitSell(
  s: SellServices,
  actor: SellActor | undefined,
  body: SellDomainBody,
  ip: string,
  now: Date,
): Promise<SellDomainAnswer> {
  await checkMailSender(s, body.botToken, ip);
  await s.rateLimiter.hit(`sell:email:${body.email}`, s.config.rateLimit.mailPerAccount);
  const own = actor?.emailVerified === true && actor.email.toLowerCase() === body.email;
  const locale = body.locale ?? actor?.locale ?? 'en';
  const token = own ? null : newToken();
  return s.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sellSubmissions)
      .values({
        email: body.email,
        name: body.name,
        phone: body.phone,
        formName: body.formName ?? '',
        source: body.source ?? '',
        ref: body.ref ?? '',
        locale,
        userUid: own ? actor.UID : null,
        verifyTokenHash: token ? hashToken(token) : null,
        emailVerifiedAt: own ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ uid: sellSubmissions.uid });
    const id = row!.uid;
    await tx.insert(sellerDomains).values(
      body.domain.map((domainName) => ({
        submissionUid: id,
        domainName,
        priceCents: body.price ?? null,
        minQuoteCents: body.minQuote ?? null,
        valueCents: body.value ?? null,
        worth: body.worth ?? '',
        createdAt: now,
      })),
    );
    let userRoleId: string | undefined;
    if (own) userRoleId = await addRole(tx, actor.UID, 'Seller');
    const domains = body.domain.join(', ');
    await s.enqueueMail(tx, {
      to: s.config.supportEmail,
      template: 'staff-sell',
      locale: 'en',
      data: {
        name: body.name,
        email: body.email,
        phone: body.phone,
        domains,
        price: money(body.price),
        minQuote: money(body.minQuote),
        value: money(body.value),
        worth: body.worth ?? '',
        formName: body.formName ?? '',
        source: body.source ?? '',
        verified: own ? 'yes' : 'no',
      },
    });
    if (token)
      await s.enqueueMail(tx, {
        to: body.email,
        template: 'sell-verify',
        locale,
        data: {
          name: body.name,
          domains,
          url: `${s.config.publicUrl}/sell-domain?verify=${encodeURIComponent(token)}`,
          hours: String(SELL_VERIFY_HOURS),
        },
      });
    return { id, verified: own, ...(userRoleId ? { userRoleId } : {}) };
  });
}

/**
 * POST /sell-domain/verify {token}: the link of the confirmation mail. Once, within SELL_VERIFY_HOURS:
 * the address is confirmed; the account with that address gets the Seller role, or a seller account is
 * made (verified, no password: the seller sets one with "Forgot password" or signs in at the marketplace).
 */
export async function verifySell(s: SellServices, token: string, now: Date): Promise<{ email: string }> {
  const since = new Date(now.getTime() - SELL_VERIFY_HOURS * 3_600_000);
  return s.db.transaction(async (tx) => {
    const [sub] = await tx
      .select()
      .from(sellSubmissions)
      .where(
        and(
          eq(sellSubmissions.verifyTokenHash, hashToken(token)),
          isNull(sellSubmissions.emailVerifiedAt),
          gte(sellSubmissions.createdAt, since),
        ),
      )
      .for('update')
      .limit(1);
    if (!sub) throw new AppError('SELL_VERIFY_LINK_INVALID');
    const email = sub.email.toLowerCase();
    let [user] = await tx.select({ uid: users.uid }).from(users).where(eq(users.email, email)).limit(1);
    if (!user) {
      user = await insertAccount(tx, {
        email,
        ...splitName(sub.name),
        phone: sub.phone,
        locale: sub.locale,
        userInterested: 'Seller',
        emailVerifiedAt: now,
      });
      user ??= (await tx.select({ uid: users.uid }).from(users).where(eq(users.email, email)).limit(1))[0];
    }
    await addRole(tx, user!.uid, 'Seller');
    await tx
      .update(sellSubmissions)
      .set({ emailVerifiedAt: now, verifyTokenHash: null, userUid: user!.uid, updatedAt: now })
      .where(eq(sellSubmissions.uid, sub.uid));
    const domains = await tx
      .select({ d: sellerDomains.domainName })
      .from(sellerDomains)
      .where(eq(sellerDomains.submissionUid, sub.uid));
    const [ns1, ns2] = s.config.sellNameservers;
    await s.enqueueMail(tx, {
      to: email,
      template: 'sell-received',
      locale: sub.locale === 'zh' ? 'zh' : 'en',
      data: {
        name: sub.name,
        domains: domains.map((x) => x.d).join(', '),
        ns1: ns1!,
        ns2: ns2!,
        support: s.config.sellOnboardingEmail,
        url: s.config.marketplaceLoginUrl,
      },
    });
    return { email };
  });
}

/**
 * POST /sell-comment/{id}: the optional comment of the thank-you step (an empty one never reaches the
 * server, decision A15). Within SELL_COMMENT_HOURS of the submission; a later comment replaces it.
 */
export async function commentSell(s: SellServices, id: string, comment: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - SELL_COMMENT_HOURS * 3_600_000);
  await s.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(sellSubmissions)
      .set({ comment, updatedAt: now })
      .where(and(eq(sellSubmissions.uid, id), gte(sellSubmissions.createdAt, since)))
      .returning({ name: sellSubmissions.name, email: sellSubmissions.email });
    if (!updated) throw new AppError('SELL_SUBMISSION_NOT_FOUND');
    const domains = await tx
      .select({ name: sellerDomains.domainName })
      .from(sellerDomains)
      .where(eq(sellerDomains.submissionUid, id));
    // staff read the comment with the submission they already have (one mail per comment sent)
    await s.enqueueMail(tx, {
      to: s.config.supportEmail,
      template: 'staff-sell-comment',
      locale: 'en',
      data: {
        name: updated.name,
        email: updated.email,
        domains: domains.map((d) => d.name).join(', '),
        comments: comment,
      },
    });
  });
}
