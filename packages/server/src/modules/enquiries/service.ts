/**
 * Pending domain enquiries: the domain context of a sign-up (domainName, offerAmount, referralURL,
 * registrarUID, formName, userInterested) kept so nothing is lost before leads exist.
 */
import { AppError } from '@domain-broker/shared/errors';
import { centsToOfferAmount, isLowBudget, PRICE_TEXT } from '@domain-broker/shared/pricing';
import type { CreateCloseLeadBody, SendLowBudgetMailBody } from '@domain-broker/shared/schemas/leads';
import { and, eq, gte, isNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { enquiries, users } from '#server/db/schema/index.ts';
import type { Services } from '#server/deps.ts';
import { checkMailSender } from '#server/lib/captcha.ts';
import { assertBuyer, type LeadActor } from '../leads/service.ts';

export interface DomainContext {
  domainName?: string;
  offerAmount?: string | number;
  userInterested?: string;
  registrarUID?: string;
  appraisalUser?: boolean;
  referralURL?: string;
  formName?: string;
  phone?: string;
}

export function hasDomainContext(ctx: DomainContext): boolean {
  return Boolean(
    ctx.domainName || ctx.offerAmount !== undefined || ctx.registrarUID || ctx.referralURL || ctx.formName,
  );
}

export async function recordEnquiry(
  db: DbOrTx,
  args: { userUid: string; email: string; source: string; now: Date } & DomainContext,
) {
  await db.insert(enquiries).values({
    userUid: args.userUid,
    email: args.email,
    source: args.source,
    domainName: args.domainName || null,
    offerAmount: args.offerAmount === undefined ? null : String(args.offerAmount),
    referralURL: args.referralURL || null,
    registrarUID: args.registrarUID || null,
    formName: args.formName || null,
    userInterested: args.userInterested || null,
    appraisalUser: args.appraisalUser ?? null,
    phone: args.phone || null,
    createdAt: args.now,
  });
}

// ── the direct enquiry and the low-budget notice (decision A13) ───────────────────────────────

/** An identical direct enquiry within this many minutes is answered again without a second mail. */
export const ENQUIRY_DEDUPE_MINUTES = 10;

/** Who is asking, as the auth module gives the signed-in user. */
export interface EnquiryActor extends LeadActor {
  email: string;
  firstName: string;
  name: string;
  locale: 'en' | 'zh';
}

type EnquiryServices = Pick<Services, 'db' | 'enqueueMail' | 'config' | 'captcha' | 'rateLimiter'>;

const offerText = (cents: number | undefined) => (cents === undefined ? '' : centsToOfferAmount(cents));

/**
 * Whether the user already sent this enquiry (its source and domain, and `also`). Their row is locked
 * first: one enquiry of a user at a time, so a double submit waits here and then finds the first.
 */
async function alreadySent(
  tx: DbOrTx,
  userUid: string,
  source: 'createCloseLead' | 'lowBudget',
  domainName: string,
  ...also: SQL[]
): Promise<boolean> {
  await tx.select({ uid: users.uid }).from(users).where(eq(users.uid, userUid)).for('update');
  const [same] = await tx
    .select({ uid: enquiries.uid })
    .from(enquiries)
    .where(
      and(
        eq(enquiries.userUid, userUid),
        eq(enquiries.source, source),
        eq(enquiries.domainName, domainName),
        ...also,
      ),
    )
    .limit(1);
  return same !== undefined;
}

/**
 * POST /createCloseLead: a buyer's enquiry about a domain with an offer under 500 USD or none. Stored
 * (enquiries, status 'direct'), one notice to staff and a confirmation to the buyer. The same enquiry
 * (domain and offer) again within ENQUIRY_DEDUPE_MINUTES gets the same answer and no mail. Returns
 * whether it was new.
 */
export async function createCloseLead(
  s: EnquiryServices,
  actor: EnquiryActor,
  body: CreateCloseLeadBody,
  ip: string,
  now: Date,
): Promise<{ created: boolean }> {
  assertBuyer(actor);
  if (!isLowBudget(body.offerAmount)) throw new AppError('ENQUIRY_OFFER_IS_LEAD');
  await checkMailSender(s, body.botToken, ip);
  const offer = offerText(body.offerAmount);
  return s.db.transaction(async (tx) => {
    const since = new Date(now.getTime() - ENQUIRY_DEDUPE_MINUTES * 60_000);
    const same = await alreadySent(
      tx,
      actor.UID,
      'createCloseLead',
      body.domainName,
      offer ? eq(enquiries.offerAmount, offer) : isNull(enquiries.offerAmount),
      gte(enquiries.createdAt, since),
    );
    if (same) return { created: false };
    const registrar = actor.registrarUID ?? body.registrarUID ?? null;
    await tx.insert(enquiries).values({
      userUid: actor.UID,
      email: actor.email,
      source: 'createCloseLead',
      domainName: body.domainName,
      offerAmount: offer || null,
      referralURL: body.referralURL || null,
      registrarUID: registrar,
      formName: body.formName || null,
      userInterested: actor.userInterested,
      status: 'direct',
      createdAt: now,
    });
    await s.enqueueMail(tx, {
      to: s.config.supportEmail,
      template: 'staff-enquiry',
      locale: 'en',
      data: {
        buyer: actor.name ? `${actor.name} (${actor.email})` : actor.email,
        domain: body.domainName,
        offer,
        registrar: registrar ?? '',
        referrer: body.referrerURL || body.referralURL || '',
      },
    });
    await s.enqueueMail(tx, {
      to: actor.email,
      template: 'enquiry-received',
      locale: actor.locale,
      data: { name: actor.firstName, domain: body.domainName, offer },
    });
    return { created: true };
  });
}

/**
 * POST /sendLowBudgetMail: a registrar's visitor under 500 USD left the 'Insufficient Budget' window.
 * One notice to staff per user and domain (for a guest: per address and domain within the rate-limit
 * window); a replay is answered alike without mail. Returns whether a notice was queued.
 */
export async function sendLowBudgetMail(
  s: EnquiryServices,
  actor: EnquiryActor | undefined,
  body: SendLowBudgetMailBody,
  ip: string,
  now: Date,
): Promise<{ sent: boolean }> {
  if (!isLowBudget(body.offerAmount)) throw new AppError('ENQUIRY_OFFER_IS_LEAD');
  await checkMailSender(s, body.botToken, ip);
  if (!actor && (await s.rateLimiter.count(`low-budget:${ip}:${body.domainName}`)) > 1)
    return { sent: false };
  const offer = offerText(body.offerAmount);
  return s.db.transaction(async (tx) => {
    if (actor && (await alreadySent(tx, actor.UID, 'lowBudget', body.domainName))) return { sent: false };
    const email = actor?.email ?? body.email ?? '';
    const registrar = actor?.registrarUID ?? body.registrarUID ?? null;
    await tx.insert(enquiries).values({
      userUid: actor?.UID ?? null,
      email,
      source: 'lowBudget',
      domainName: body.domainName,
      offerAmount: offer || null,
      registrarUID: registrar,
      phone: body.phone || null,
      userInterested: actor?.userInterested ?? null,
      status: 'low-budget',
      createdAt: now,
    });
    const who = actor
      ? actor.name
        ? `${actor.name} (${actor.email})`
        : actor.email
      : [body.name, body.email, body.phone].filter(Boolean).join(', ') || 'A visitor';
    await s.enqueueMail(tx, {
      to: s.config.supportEmail,
      template: 'staff-low-budget',
      locale: 'en',
      data: {
        visitor: who,
        domain: body.domainName,
        threshold: PRICE_TEXT.lowBudgetBelow,
        offer,
        budget: offerText(body.budget),
        note: body.lowBudgetNote ?? '',
        source: body.sourceFrom ?? '',
        registrar: registrar ?? '',
      },
    });
    return { sent: true };
  });
}
