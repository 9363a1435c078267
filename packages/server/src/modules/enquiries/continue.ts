/**
 * What a sign-up asked for, carried out at the first moment the user has proven the inbox (the code
 * verified, the mailed password used, or Google's verified address): the sign-up's pending enquiry
 * (its domain, budget and registrar) becomes a lead for a budget of 500 USD or more, and a user who
 * signed up to buy gets the automatic promo code by mail. Nothing is mailed to an address nobody proved.
 *
 * Idempotent: the enquiry moves out of 'pending' once (lead, low-budget or done); a retry finds no
 * pending enquiry, or finds the lead createLead already made and edits it in place; the promo code is
 * made once per user under the user's row lock.
 */
import { AppError } from '@domain-broker/shared/errors';
import { isLowBudget, offerAmountToCents } from '@domain-broker/shared/pricing';
import type { SignInContinuation } from '@domain-broker/shared/schemas/leads';
import { isSupportedDomain, normalizeDomainInput } from '@domain-broker/shared/validators';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { enquiries, leads, users } from '#server/db/schema/index.ts';
import type { Services } from '#server/deps.ts';
import { createLead } from '../leads/service.ts';
import { attributeRegistrar } from '../profile/accounts.ts';
import { loadProfile } from '../profile/service.ts';
import { ensureAutoPromo } from '../promo/service.ts';
import { findRegistrar } from '../registrar/service.ts';

/** The enquiries a sign-up leaves (auth/service.ts passes these sources to recordEnquiry). */
export const SIGN_UP_SOURCES = ['signup', 'signUpWithDomain', 'socialLogin', 'oneTabLogin'] as const;

const NOTHING: SignInContinuation = { next: null, leadUID: null };

export async function continueAfterSignIn(
  s: Pick<Services, 'db' | 'config' | 'enqueueMail' | 'logger'>,
  userUid: string,
  now: Date,
): Promise<SignInContinuation> {
  const { db } = s;
  const [enquiry] = await db
    .select()
    .from(enquiries)
    .where(
      and(
        eq(enquiries.userUid, userUid),
        eq(enquiries.status, 'pending'),
        inArray(enquiries.source, [...SIGN_UP_SOURCES]),
      ),
    )
    .orderBy(desc(enquiries.createdAt))
    .limit(1);
  if (!enquiry) return NOTHING;
  const [user] = await db.select().from(users).where(eq(users.uid, userUid)).limit(1);
  if (!user) return NOTHING;

  await db.transaction(async (tx) => {
    await ensureAutoPromo(tx, s, user, now);
    // The registrar of the landing page or link the user signed up from, when it exists.
    if (!user.registrarUID && enquiry.registrarUID) {
      const registrar = await findRegistrar(tx, enquiry.registrarUID);
      if (registrar) await attributeRegistrar(tx, userUid, registrar.uid, now);
    }
  });

  const settle = (status: string) =>
    db
      .update(enquiries)
      .set({ status })
      .where(and(eq(enquiries.uid, enquiry.uid), eq(enquiries.status, 'pending')));
  const domainName = normalizeDomainInput(enquiry.domainName ?? '');
  if (!domainName || !isSupportedDomain(domainName, s.config.supportedExtensions)) {
    await settle('done');
    return NOTHING;
  }
  const offerCents = enquiry.offerAmount === null ? undefined : offerAmountToCents(enquiry.offerAmount);
  const profile = await loadProfile(db, userUid);
  if (!profile) return NOTHING;
  if (isLowBudget(offerCents)) {
    await settle('low-budget');
    // A registrar's visitor sees the 'Insufficient Budget' window (decision A13); anyone else's buy
    // flow goes on in the portal (the direct enquiry form).
    const referred = enquiry.source === 'signUpWithDomain' || profile.registrarUID !== null;
    return { next: referred ? 'insufficient-budget' : null, leadUID: null };
  }
  // A lead made since the sign-up (by the portal's buy flow, or by a run of this that stopped before
  // settling) is never edited from the older enquiry.
  const [existing] = await db
    .select({ uid: leads.uid, domainName: leads.domainName, status: leads.status })
    .from(leads)
    .where(eq(leads.userUid, userUid))
    .orderBy(desc(leads.createdAt))
    .limit(1);
  if (existing) {
    await settle('done');
    return existing.status === 'pending' && existing.domainName === domainName
      ? { next: 'hire-consultant', leadUID: existing.uid }
      : NOTHING;
  }
  try {
    const lead = await createLead(
      db,
      profile,
      {
        domainName,
        offerAmount: offerCents,
        formName: enquiry.formName ?? undefined,
        referralURL: enquiry.referralURL ?? undefined,
      },
      now,
    );
    await settle('lead');
    return { next: 'hire-consultant', leadUID: lead.UID };
  } catch (err) {
    // Not a buyer (investor, staff) or a paid lead already open: the sign-in goes on as usual.
    if (!(err instanceof AppError)) throw err;
    s.logger.info({ code: err.code, enquiry: enquiry.uid }, 'sign-up enquiry not turned into a lead');
    await settle('done');
    return NOTHING;
  }
}
