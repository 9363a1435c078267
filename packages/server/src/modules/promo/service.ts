/**
 * Promo codes (docs/product.md "Promo codes"; decisions A5, A6): staff create, list and delete
 * them; a buyer checks one and pays a lead's initial fee with it. Only 100% codes exist, so a promo
 * payment charges nothing and calls no payment provider.
 *
 * A code is usable by a user now when it exists (matched without regard to case), is not another
 * user's automatic code, has not expired, was not used by this user, and has fewer uses than its
 * `reUsableCount`. The payment locks the code's row (SELECT … FOR UPDATE) before counting its uses, so
 * parallel redemptions of a single-use code succeed exactly once.
 */
import { randomInt } from 'node:crypto';
import { AppError } from '@domain-broker/shared/errors';
import { formatUsd, INITIAL_FEE_CENTS } from '@domain-broker/shared/pricing';
import {
  type GeneratePromoBody,
  PROMO_OFFER_PERCENT,
  type PromoCode,
  type PromoCodeList,
  type PromoCodeListQuery,
  type PromoDetails,
} from '@domain-broker/shared/schemas/checkout';
import type { Lead } from '@domain-broker/shared/schemas/leads';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { promoCodes, promoRedemptions, users } from '#server/db/schema/index.ts';
import type { Services } from '#server/deps.ts';
import { UUID } from '#server/lib/validate.ts';
import { assertBuyer, type LeadActor, ownLead, presentLeads, savePaymentPhone } from '../leads/service.ts';
import { markLeadPaid, recordPromoPayment } from '../payments/fulfil.ts';

type PromoRow = typeof promoCodes.$inferSelect;

/** How long the code mailed on a 'buy' sign-up stays valid (docs/where-the-spec-is-silent.md). */
export const AUTO_PROMO_VALID_DAYS = 30;
/** What staff see as the creator of a code nobody created by hand. */
export const AUTO_CREATOR = 'Auto';

/** What a code may look like (the shared schema's rule); anything else is simply not a code. */
const CODE_SHAPE = /^[A-Za-z0-9_-]{6,64}$/;

const byCode = (code: string) => eq(sql`lower(${promoCodes.code})`, code.trim().toLowerCase());

function toPromoCode(row: PromoRow, uses: (typeof promoRedemptions.$inferSelect)[]): PromoCode {
  return {
    UID: row.uid,
    code: row.code,
    offerPercent: row.offerPercent,
    reUsableCount: row.reUsableCount,
    validThru: row.validThru.toISOString(),
    createdAt: row.createdAt.toISOString(),
    createdUser: row.createdUser,
    promoDetails: uses.map((u) => ({
      userUID: u.userUid,
      leadUID: u.leadUid,
      createdAt: u.createdAt.toISOString(),
    })),
  };
}

/** POST /generatePromo: a staff member's code. A code that exists in any case is 409 'Data already exist.' */
export async function generatePromo(
  db: Db,
  creator: { UID: string; name: string; email: string },
  body: GeneratePromoBody,
  now: Date,
): Promise<PromoCode> {
  if (body.validThru.getTime() < now.getTime())
    throw new AppError('VALIDATION_FAILED', {
      message: 'The date cannot be in the past.',
      errors: [{ field: 'validThru', message: 'The date cannot be in the past.' }],
    });
  const [row] = await db
    .insert(promoCodes)
    .values({
      code: body.code,
      offerPercent: body.offerPercent,
      reUsableCount: body.reUsableCount,
      validThru: body.validThru,
      createdByUid: creator.UID,
      createdUser: creator.name.trim() || creator.email,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('ALREADY_EXISTS');
  return toPromoCode(row, []);
}

/** GET /promoCode: newest first, each with its uses. */
export async function listPromoCodes(db: Db, q: PromoCodeListQuery): Promise<PromoCodeList> {
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(promoCodes)
      .orderBy(desc(promoCodes.createdAt), desc(promoCodes.uid))
      .limit(q.pageLimit)
      .offset((q.page - 1) * q.pageLimit),
    db.select({ n: count() }).from(promoCodes),
  ]);
  const uses = rows.length
    ? await db
        .select()
        .from(promoRedemptions)
        .where(
          inArray(
            promoRedemptions.promoCodeUid,
            rows.map((r) => r.uid),
          ),
        )
        .orderBy(asc(promoRedemptions.createdAt))
    : [];
  const list = rows.map((r) =>
    toPromoCode(
      r,
      uses.filter((u) => u.promoCodeUid === r.uid),
    ),
  );
  const total = Number(totalRow?.n ?? 0);
  return {
    promoCodeList: list,
    pagination: {
      total,
      page: q.page,
      pageLimit: q.pageLimit,
      totalPages: Math.ceil(total / q.pageLimit),
    },
    items: list,
    total,
    page: q.page,
    limit: q.pageLimit,
  };
}

/** DELETE /promoCode/{id} (Admin). Its uses go with it; payments made with it keep their record. */
export async function deletePromoCode(db: Db, id: string): Promise<void> {
  if (!UUID.test(id)) throw new AppError('NOT_FOUND');
  const gone = await db.delete(promoCodes).where(eq(promoCodes.uid, id)).returning({ uid: promoCodes.uid });
  if (!gone.length) throw new AppError('NOT_FOUND');
}

/**
 * Why `userUid` cannot use `row` now, as the catalogue's error; undefined when they can. Call it with
 * the row locked when the answer decides a redemption.
 */
export async function promoRefusal(
  db: DbOrTx,
  row: PromoRow | undefined,
  userUid: string,
  now: Date,
): Promise<AppError | undefined> {
  if (!row || row.offerPercent !== PROMO_OFFER_PERCENT) return new AppError('PROMO_INVALID');
  if (row.forUserUid && row.forUserUid !== userUid) return new AppError('PROMO_INVALID');
  if (row.validThru.getTime() < now.getTime()) return new AppError('PROMO_EXPIRED');
  const uses = await db
    .select({ userUid: promoRedemptions.userUid })
    .from(promoRedemptions)
    .where(eq(promoRedemptions.promoCodeUid, row.uid));
  if (uses.some((u) => u.userUid === userUid)) return new AppError('PROMO_USED_BY_YOU');
  if (uses.length >= row.reUsableCount) return new AppError('PROMO_USED');
  return undefined;
}

/** Finds a code (any case); `lock` takes the row lock a redemption needs. */
export async function findPromo(db: DbOrTx, code: string, lock = false): Promise<PromoRow | undefined> {
  if (!CODE_SHAPE.test(code.trim())) return undefined;
  const q = db.select().from(promoCodes).where(byCode(code)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** GET /getPromoDetails/{code}: {offerPercent} when this user can use the code now, {} otherwise. */
export async function promoDetails(db: Db, userUid: string, code: string, now: Date): Promise<PromoDetails> {
  const row = await findPromo(db, code);
  if (await promoRefusal(db, row, userUid, now)) return {};
  return { offerPercent: (row as PromoRow).offerPercent };
}

// ── the code mailed on a 'buy' sign-up ─────────────────────────────────────────────────────────

/** Interests that mean a direct buyer (decision A7). */
export const isBuyInterest = (interest: string | null | undefined) =>
  interest === 'buy' || interest === 'Buyer';

/** No 0/O or 1/I: the code is typed from a mail. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const randomCode = () =>
  `BUY${Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`;

/**
 * The single-use code of a user who signed up to buy (createdUser 'Auto', usable by that user only),
 * mailed once. Called when the user has proven the inbox (a session is about to be handed out), in the
 * caller's transaction; the user's row lock makes retries and parallel sign-ins create one code.
 */
export async function ensureAutoPromo(
  tx: DbOrTx,
  s: Pick<Services, 'enqueueMail' | 'config'>,
  user: { uid: string; email: string; firstName: string; locale: string; userInterested: string | null },
  now: Date,
): Promise<void> {
  if (!isBuyInterest(user.userInterested)) return;
  await tx.select({ uid: users.uid }).from(users).where(eq(users.uid, user.uid)).for('update');
  const [existing] = await tx
    .select({ uid: promoCodes.uid })
    .from(promoCodes)
    .where(and(eq(promoCodes.forUserUid, user.uid), eq(promoCodes.createdUser, AUTO_CREATOR)))
    .limit(1);
  if (existing) return;
  const validThru = new Date(now.getTime() + AUTO_PROMO_VALID_DAYS * 86_400_000);
  let row: PromoRow | undefined;
  for (let attempt = 0; !row && attempt < 5; attempt++) {
    [row] = await tx
      .insert(promoCodes)
      .values({
        code: randomCode(),
        offerPercent: PROMO_OFFER_PERCENT,
        reUsableCount: 1,
        validThru,
        createdUser: AUTO_CREATOR,
        forUserUid: user.uid,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
  }
  if (!row) return; // five collisions in a space of 32^8: not worth failing the sign-in for
  const locale = user.locale === 'zh' ? 'zh' : 'en';
  await s.enqueueMail(tx, {
    to: user.email,
    template: 'promo-code',
    locale,
    data: {
      code: row.code,
      fee: formatUsd(INITIAL_FEE_CENTS),
      validThru: validThru.toISOString().slice(0, 10),
      name: user.firstName,
      url: `${s.config.publicUrl}/hire-consultant`,
    },
  });
}

// ── paying a lead's fee with a code ────────────────────────────────────────────────────────────

/**
 * POST /paymentUsingPromoCode: in one transaction, the buyer's pending lead and then the code are
 * locked, the code is checked (the four catalogue messages), the use and a succeeded 'promo' payment
 * of 0 cents are stored, and markLeadPaid moves the lead to new (broker, receipt, introduction). Any
 * failure rolls everything back. Someone else's lead is 'Lead is not found.'; a paid one is 'Payment
 * already done.'.
 */
export async function payWithPromo(
  s: Pick<Services, 'db' | 'enqueueMail' | 'config'>,
  actor: LeadActor,
  body: { code: string; leadUID: string; phone?: string | undefined },
  now: Date,
): Promise<Lead> {
  assertBuyer(actor);
  const row = await s.db.transaction(async (tx) => {
    const lead = await ownLead(tx, actor.UID, body.leadUID, true);
    if (lead.status !== 'pending') throw new AppError('PAYMENT_ALREADY_DONE');
    const promo = await findPromo(tx, body.code, true);
    const refusal = await promoRefusal(tx, promo, actor.UID, now);
    if (refusal) throw refusal;
    const code = promo as PromoRow;
    await tx.insert(promoRedemptions).values({
      promoCodeUid: code.uid,
      userUid: actor.UID,
      leadUid: lead.uid,
      createdAt: now,
    });
    const paymentUid = await recordPromoPayment(
      tx,
      { leadUid: lead.uid, userUid: actor.UID, promoCodeUid: code.uid },
      now,
    );
    // The payment form's optional phone, as the card payment takes it.
    if (body.phone) await savePaymentPhone(tx, lead, actor.UID, body.phone, now);
    const paid = await markLeadPaid(tx, s, {
      leadUid: lead.uid,
      paymentUid,
      actorUid: actor.UID,
      at: now,
    });
    if (!paid) throw new AppError('PAYMENT_ALREADY_DONE');
    return paid;
  });
  const [lead] = await presentLeads(s.db, [row], now);
  return lead as Lead;
}
