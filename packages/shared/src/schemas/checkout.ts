/**
 * The checkout on the wire (docs/product.md "Checkout", "Payment", "Promo codes"). The fee is fixed by the
 * server (INITIAL_FEE_CENTS in ../pricing.ts): `amountPaid` is the spec's 19.95 and is checked, never
 * trusted.
 */
import * as v from 'valibot';
import { ERRORS } from '../errors.ts';
import { FIELD_MESSAGES } from '../field-messages.ts';
import { centsToUsd, INITIAL_FEE_CENTS } from '../pricing.ts';
import { anyObject, filledText, noNul, optionalText, pageNumber, TOO_LONG, UNKNOWN_FIELD } from './common.ts';
import { LeadSchema } from './leads.ts';

/** Promo codes are at least 6 characters (decision A5); Apply is enabled above 4. */
export const PROMO_CODE_MIN_LENGTH = 6;
export const PROMO_APPLY_MIN_LENGTH = 5;
export const PROMO_CODE_INVALID_MESSAGE = FIELD_MESSAGES.PROMO_CODE_INVALID;
/** The one discount that exists (decision A6). */
export const PROMO_OFFER_PERCENT = 100;

const LEAD_UID_MISSING = ERRORS.LEAD_UID_MISSING.message;
const leadUid = filledText(LEAD_UID_MISSING, 64);

/** The fee as the spec sends it: 19.95 (a number, or the same as a string). */
const amountPaid = v.pipe(
  v.union([v.number(), v.string()], ERRORS.PAYMENT_NOT_COMPLETED.message),
  v.transform((x) => Number(x)),
  v.check((n) => n === centsToUsd(INITIAL_FEE_CENTS), ERRORS.PAYMENT_NOT_COMPLETED.message),
);

/** POST /payments {paymentID, amountPaid, leadUID}: a PaymentMethod id (Stripe Elements, the sandbox
 *  card form, or Stripe's test ids such as pm_card_visa). */
export const PaymentBody = v.strictObject(
  {
    paymentID: filledText(ERRORS.NO_SUCH_PAYMENT_METHOD.message, 255),
    amountPaid,
    leadUID: leadUid,
    /** Optional: the buyer's phone from the payment form, saved to the lead and the profile. */
    phone: optionalText(32),
  },
  UNKNOWN_FIELD,
);
export type PaymentBody = v.InferOutput<typeof PaymentBody>;

/** POST /stripeVerification {leadUID, id}: after 3-D Secure, the PaymentIntent id. */
export const StripeVerificationBody = v.strictObject(
  {
    leadUID: leadUid,
    id: v.pipe(
      v.string(ERRORS.PAYMENT_NOT_COMPLETED.message),
      v.trim(),
      v.nonEmpty(),
      v.maxLength(255, TOO_LONG),
      noNul,
    ),
  },
  UNKNOWN_FIELD,
);
export type StripeVerificationBody = v.InferOutput<typeof StripeVerificationBody>;

/** What POST /payments, /stripeVerification and /paymentUsingPromoCode answer in `data`. */
export const PaymentResultSchema = v.object({
  /** 'succeeded': the lead is paid (see `lead`); 'requires_action': confirm `clientSecret`, then verify. */
  status: v.picklist(['succeeded', 'requires_action']),
  /** The PaymentIntent id; '' for a promo payment. */
  paymentIntentId: v.string(),
  clientSecret: v.optional(v.string()),
  /** The lead after the payment (status 'new', broker assigned), when it succeeded. */
  lead: v.optional(LeadSchema),
});
export type PaymentResult = v.InferOutput<typeof PaymentResultSchema>;

/** The code as typed: trimmed; matched without regard to case. */
export const promoCode = v.pipe(
  v.string(PROMO_CODE_INVALID_MESSAGE),
  v.trim(),
  v.minLength(PROMO_CODE_MIN_LENGTH, PROMO_CODE_INVALID_MESSAGE),
  v.maxLength(64, TOO_LONG),
  v.regex(/^[A-Za-z0-9_-]+$/, PROMO_CODE_INVALID_MESSAGE),
);

/** POST /paymentUsingPromoCode {code, leadUID}: a 100% code pays the fee; no card, no provider call. */
export const PromoPaymentBody = v.strictObject(
  { code: promoCode, leadUID: leadUid, phone: optionalText(32) },
  UNKNOWN_FIELD,
);
export type PromoPaymentBody = v.InferOutput<typeof PromoPaymentBody>;

/** GET /getPromoDetails/{code}: `data` is {offerPercent} for a code this user can use, {} otherwise. */
export const PromoDetailsSchema = v.object({ offerPercent: v.optional(v.number()) });
export type PromoDetails = v.InferOutput<typeof PromoDetailsSchema>;

/** POST /generatePromo (Admin, Consultant). */
export const GeneratePromoBody = v.strictObject(
  {
    code: promoCode,
    offerPercent: v.pipe(
      v.number(FIELD_MESSAGES.OFFER_PERCENT),
      v.check((n) => n === PROMO_OFFER_PERCENT, FIELD_MESSAGES.OFFER_PERCENT),
    ),
    reUsableCount: v.optional(
      v.pipe(
        v.number(FIELD_MESSAGES.INVALID_ENTRY),
        v.integer(FIELD_MESSAGES.INVALID_ENTRY),
        v.minValue(1, FIELD_MESSAGES.INVALID_ENTRY),
        v.maxValue(100_000, FIELD_MESSAGES.INVALID_ENTRY),
      ),
      1,
    ),
    /**
     * An ISO date or date-time; not in the past (the server checks it against its clock). A date
     * alone means the end of that day (UTC): a code valid through today still works today.
     */
    validThru: v.pipe(
      v.string(FIELD_MESSAGES.DATE_FORMAT_INVALID),
      v.check(
        (s) => /^\d{4}-\d{2}-\d{2}/.test(s) && !Number.isNaN(Date.parse(s)),
        FIELD_MESSAGES.DATE_FORMAT_INVALID,
      ),
      v.transform((s) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T23:59:59.999Z` : s)),
    ),
  },
  UNKNOWN_FIELD,
);
export type GeneratePromoBody = v.InferOutput<typeof GeneratePromoBody>;

/**
 * The Generate Promo Code form as typed (the portal's Promo Code tab): the reuse count a whole number
 * of at least 1, valid-until a day not before `today` (YYYY-MM-DD, the browser's day). The offer is
 * always PROMO_OFFER_PERCENT and not part of the form.
 */
export const generatePromoForm = (today: string) =>
  v.object({
    code: promoCode,
    reUsableCount: v.pipe(
      v.string(FIELD_MESSAGES.INVALID_ENTRY),
      v.trim(),
      v.regex(/^\d{1,6}$/, FIELD_MESSAGES.INVALID_ENTRY),
      v.transform(Number),
      v.minValue(1, FIELD_MESSAGES.INVALID_ENTRY),
    ),
    validThru: v.pipe(
      v.string(FIELD_MESSAGES.DATE_FORMAT_INVALID),
      v.check(
        (s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s)),
        FIELD_MESSAGES.DATE_FORMAT_INVALID,
      ),
      v.check((s) => s >= today, FIELD_MESSAGES.DATE_IN_PAST),
    ),
  });
export type GeneratePromoFormInput = { code: string; reUsableCount: string; validThru: string };
export type GeneratePromoFormOutput = v.InferOutput<ReturnType<typeof generatePromoForm>>;

/** A promo code as staff see it (docs/product.md "Promo codes"). */
export const PromoCodeSchema = v.object({
  UID: v.string(),
  code: v.string(),
  offerPercent: v.number(),
  reUsableCount: v.number(),
  validThru: v.string(),
  createdAt: v.string(),
  /** The creator's name, or 'Auto' for a code mailed on sign-up. */
  createdUser: v.string(),
  /** One entry per use: the used count is its length. */
  promoDetails: v.array(v.object({ userUID: v.string(), leadUID: v.string(), createdAt: v.string() })),
});
export type PromoCode = v.InferOutput<typeof PromoCodeSchema>;

/** POST /leads/{id}/refund: the buyer's refund of a purchase made in error (decision A31). */
export const BuyerRefundBody = v.strictObject({ reason: optionalText(1000) }, UNKNOWN_FIELD);
export type BuyerRefundBody = v.InferOutput<typeof BuyerRefundBody>;

/** GET /promoCode?page=&pageLimit= (newest first, 10 a page by default). */
export const PromoCodeListQuery = v.strictObject(
  { page: pageNumber(1, 1_000_000), pageLimit: pageNumber(10, 100) },
  UNKNOWN_FIELD,
);
export type PromoCodeListQuery = v.InferOutput<typeof PromoCodeListQuery>;

/**
 * GET /promoCode's `data`: the spec's `promoCodeList` and `pagination`, and the same page under the
 * names GET /manualAppraisal answers (`items`, `total`, `page`, `limit`), so staff tables read both alike.
 */
export const PromoCodeListSchema = v.object({
  promoCodeList: v.array(PromoCodeSchema),
  pagination: v.object({
    total: v.number(),
    page: v.number(),
    pageLimit: v.number(),
    totalPages: v.number(),
  }),
  items: v.array(PromoCodeSchema),
  total: v.number(),
  page: v.number(),
  limit: v.number(),
});
export type PromoCodeList = v.InferOutput<typeof PromoCodeListSchema>;

/** POST /sandbox/paymentMethods (sandbox only): the TEST MODE card form's fields. */
export const SandboxCardBody = v.strictObject(
  {
    number: v.pipe(v.string(FIELD_MESSAGES.CARD_NUMBER_INCORRECT), v.maxLength(32, TOO_LONG), noNul),
    expMonth: v.pipe(
      v.union([v.number(), v.string()], "Your card's expiration month is invalid."),
      v.transform((x) => Number(x)),
      v.check((n) => Number.isFinite(n), "Your card's expiration month is invalid."),
    ),
    expYear: v.pipe(
      v.union([v.number(), v.string()], "Your card's expiration year is invalid."),
      v.transform((x) => Number(x)),
      v.check((n) => Number.isFinite(n), "Your card's expiration year is invalid."),
    ),
    cvc: v.pipe(v.string("Your card's security code is invalid."), v.maxLength(8, TOO_LONG), noNul),
  },
  UNKNOWN_FIELD,
);
export type SandboxCardBody = v.InferOutput<typeof SandboxCardBody>;

/** What POST /sandbox/paymentMethods answers: a PaymentMethod id to send as `paymentID`. */
export const SandboxPaymentMethodSchema = v.object({
  id: v.string(),
  card: v.object({ brand: v.string(), last4: v.string() }),
});

/** POST /sandbox/paymentIntents/{id}/authenticate (sandbox only): the 3-D Secure page's Complete or Fail. */
export const SandboxAuthenticateBody = v.strictObject(
  {
    clientSecret: v.pipe(v.string(), v.nonEmpty(), v.maxLength(255, TOO_LONG), noNul),
    outcome: v.picklist(['complete', 'fail'], FIELD_MESSAGES.INVALID_ENTRY),
  },
  UNKNOWN_FIELD,
);
export type SandboxAuthenticateBody = v.InferOutput<typeof SandboxAuthenticateBody>;

/** POST /leads/{id}/staffRefund (Admin; Consultant on their own lead): the reason is required. */
export const StaffRefundBody = v.strictObject(
  {
    reason: filledText(FIELD_MESSAGES.REASON_REQUIRED, 1000),
  },
  UNKNOWN_FIELD,
);
export type StaffRefundBody = v.InferOutput<typeof StaffRefundBody>;

/** `data` of POST /webhooks/stripe: the event was received, and whether it was handled now. */
export const WebhookReceiptSchema = v.object({
  received: v.literal(true),
  result: v.picklist(['handled', 'duplicate', 'ignored']),
});

/** The body of POST /webhooks/stripe: the provider's event, checked against Stripe-Signature. */
export const ProviderEventBody = v.pipe(anyObject, v.description('A Stripe event.'));

/** `data` of the sandbox's 3-D Secure page: the payment's status after the challenge. */
export const PaymentStatusSchema = v.object({ status: v.string() });
