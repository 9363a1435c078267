/**
 * Leads on the wire (docs/product.md "Lead lifecycle"; docs/api.md "Leads and the checkout"). Money is
 * integer cents inside the product; here `offerAmount` is the spec's string of dollars (decision B6).
 */
import * as v from 'valibot';
import { ERRORS } from '../errors.ts';
import { FIELD_MESSAGES } from '../field-messages.ts';
import { offerAmountToCents } from '../pricing.ts';
import { PREFERRED_CONTACTS } from '../roles.ts';
import { isEmail, isPhone, isSupportedDomain, isTimeZone, normalizeDomainInput } from '../validators.ts';
import { AgreementSchema, MarketAnalysisSchema, SaleSchema, TimelineEntrySchema } from './broker.ts';
import { botTokenField, first, optionalText, TOO_LONG, UNKNOWN_FIELD } from './common.ts';
import { LEAD_STATUSES } from './lead-status.ts';
import { OpportunitySchema } from './opportunities.ts';

export { LEAD_STATUSES, type LeadStatus } from './lead-status.ts';

const DOMAIN_MANDATORY = ERRORS.DOMAIN_NAME_MANDATORY.message;
const DOMAIN_INVALID = ERRORS.DOMAIN_INVALID.message;

/** A domain the buy flow accepts: one of the supported extensions (decision A18). */
const leadDomain = (extensions?: readonly string[]) =>
  first(
    v.pipe(
      v.string(DOMAIN_MANDATORY),
      v.transform(normalizeDomainInput),
      v.nonEmpty(DOMAIN_MANDATORY),
      v.maxLength(253, DOMAIN_INVALID),
      v.check((d) => isSupportedDomain(d, extensions), DOMAIN_INVALID),
    ),
  );

/** The offer as the spec sends it ("1500", or a number); empty means none. Output: cents or undefined. */
const offerAmount = v.pipe(
  v.union([v.string(), v.number()], FIELD_MESSAGES.BUDGET_EMPTY),
  v.check(
    (x) => (typeof x === 'string' && x.trim() === '') || offerAmountToCents(x) !== undefined,
    FIELD_MESSAGES.BUDGET_EMPTY,
  ),
  v.transform((x) => (typeof x === 'string' && x.trim() === '' ? undefined : offerAmountToCents(x))),
  v.check((c) => c === undefined || c <= 100_000_000_000, TOO_LONG),
);

/** POST /leads {domainName, offerAmount (string), referrerURL, formName}. */
export const createLeadBody = (extensions?: readonly string[]) =>
  v.strictObject(
    {
      domainName: leadDomain(extensions),
      offerAmount: v.optional(offerAmount),
      referrerURL: optionalText(2048),
      formName: optionalText(100),
    },
    UNKNOWN_FIELD,
  );
export const CreateLeadBody = createLeadBody();
export type CreateLeadBody = v.InferOutput<typeof CreateLeadBody>;

const isoDateTime = v.nullable(
  v.pipe(
    v.string(FIELD_MESSAGES.DATE_FORMAT_INVALID),
    v.check(
      (s) => !Number.isNaN(Date.parse(s)) && /^\d{4}-\d{2}-\d{2}/.test(s),
      FIELD_MESSAGES.DATE_FORMAT_INVALID,
    ),
    v.transform((s) => new Date(s)),
  ),
);

/**
 * PATCH /leads/{id}: the fields a buyer may change (decisions A12, B7). Domain and offer only while the
 * lead is unpaid; status, payments, broker and registrar never.
 */
export const updateLeadBody = (extensions?: readonly string[]) =>
  v.pipe(
    v.strictObject(
      {
        domainName: v.optional(leadDomain(extensions)),
        offerAmount: v.optional(offerAmount),
        questionsAny: optionalText(2000),
        preferredContact: v.optional(v.picklist(PREFERRED_CONTACTS, FIELD_MESSAGES.INVALID_ENTRY)),
        preferText: v.optional(v.boolean(FIELD_MESSAGES.INVALID_ENTRY)),
        preferredTime: v.optional(isoDateTime),
        preferredTimeZone: v.optional(
          v.nullable(
            v.pipe(
              v.string(FIELD_MESSAGES.INVALID_ENTRY),
              v.check(isTimeZone, FIELD_MESSAGES.INVALID_ENTRY),
              v.description(
                "The buyer's IANA time zone (e.g. Europe/Berlin) in which the portal set `preferredTime` (Morning 8:30 or Afternoon 14:30, decision A2). It goes with the time: a `preferredTime` sent without it, or null, clears it; sent without `preferredTime` it changes nothing.",
              ),
            ),
          ),
        ),
        beSeen: v.optional(v.boolean(FIELD_MESSAGES.INVALID_ENTRY)),
        email: v.optional(
          v.pipe(
            v.string(),
            v.trim(),
            v.check((s) => s === '' || isEmail(s), 'Please enter valid Email'),
          ),
        ),
        phone: v.optional(
          v.pipe(
            v.string(),
            v.trim(),
            v.check((s) => s === '' || isPhone(s), FIELD_MESSAGES.PHONE_INVALID),
          ),
        ),
        deadLine: v.optional(isoDateTime),
        isSurveyCompleted: v.optional(v.boolean(FIELD_MESSAGES.INVALID_ENTRY)),
      },
      UNKNOWN_FIELD,
    ),
    v.check((b) => Object.keys(b).length > 0, ERRORS.PAYLOAD_EMPTY.message),
  );
export const UpdateLeadBody = updateLeadBody();
export type UpdateLeadBody = v.InferOutput<typeof UpdateLeadBody>;

/**
 * The broker as the buyer sees them. `email` and `phone` are present only once the buyer has agreed
 * to the broker service terms on the lead (decisions A16, B5): before that no answer carries them.
 */
export const LeadConsultantSchema = v.object({
  UID: v.string(),
  name: v.string(),
  image: v.string(),
  email: v.optional(v.string()),
  phone: v.optional(v.string()),
});

/** The broker tiers, highest first (decision A32). */
export const BADGE_TIERS = ['OG Domains', 'Platinum Buzz', 'Gold Buzz', 'Silver Buzz'] as const;
/** GET /getConsultantBadges/{consultantUID}: one entry per badge the broker holds. */
export const ConsultantBadgeSchema = v.object({ badgeName: v.string() });
export type ConsultantBadge = v.InferOutput<typeof ConsultantBadgeSchema>;

/** A lead as the buyer receives it. */
export const LeadSchema = v.object({
  UID: v.string(),
  domainName: v.string(),
  /** Dollars as a string ("1500"), or '' when none was given. */
  offerAmount: v.string(),
  status: v.picklist(LEAD_STATUSES),
  createdAt: v.string(),
  soldDate: v.nullable(v.string()),
  paidAt: v.nullable(v.string()),
  /** Until when the buyer may refund a purchase made in error (decision A31); null when they may not. */
  refundableUntil: v.nullable(v.string()),
  payments: v.array(
    v.object({ UID: v.string(), status: v.string(), amountPaid: v.number(), createdAt: v.string() }),
  ),
  consultant: v.nullable(LeadConsultantSchema),
  consultantUID: v.nullable(v.string()),
  /** When the buyer agreed to the broker service terms (POST /leads/{id}/agreeBrokerTerms), or null. */
  brokerTermsAgreedAt: v.nullable(v.string()),
  /** Alternate domains (decision A1), newest last, each pending until the broker decides. */
  opportunities: v.array(OpportunitySchema),
  isSurveyCompleted: v.boolean(),
  questionsAny: v.string(),
  preferredContact: v.nullable(v.picklist(PREFERRED_CONTACTS)),
  preferText: v.boolean(),
  preferredTime: v.nullable(v.string()),
  beSeen: v.boolean(),
  email: v.string(),
  phone: v.string(),
  deadLine: v.nullable(v.string()),
  marketAnalysis: v.string(),
  closeUID: v.string(),
  referrerURL: v.string(),
  referralURL: v.string(),
  formName: v.string(),
  userInterested: v.nullable(v.string()),
  registrarUID: v.nullable(v.string()),
  /** The broker's work as the buyer sees it: buyer-visible timeline entries, oldest first. */
  timeline: v.optional(v.array(TimelineEntrySchema)),
  /** The broker's market analysis (decision B16), or null before the broker wrote one. */
  brokerAnalysis: v.optional(v.nullable(MarketAnalysisSchema)),
  /** The agreement's dates (packages/shared/src/agreement.ts); null while unpaid. */
  agreement: v.optional(v.nullable(AgreementSchema)),
  /** The sale, once the lead is sold: price and our commission. */
  sale: v.optional(v.nullable(SaleSchema)),
  /** Why the lead was canceled or declined, as the broker told the buyer. */
  closeReason: v.optional(v.string()),
});
export type Lead = v.InferOutput<typeof LeadSchema>;

/**
 * POST /createCloseLead: the direct enquiry of a buyer whose offer is under 500 USD or empty
 * (decision A13). An offer of 500 or more is a lead (POST /leads) and is refused here.
 */
export const createCloseLeadBody = (extensions?: readonly string[]) =>
  v.strictObject(
    {
      domainName: leadDomain(extensions),
      offerAmount: v.optional(offerAmount),
      referrerURL: optionalText(2048),
      referralURL: optionalText(2048),
      registrarUID: optionalText(100),
      formName: optionalText(100),
      /** The captcha answer, checked when the deployment has a captcha (decision A37). */
      botToken: botTokenField,
    },
    UNKNOWN_FIELD,
  );
export const CreateCloseLeadBody = createCloseLeadBody();
export type CreateCloseLeadBody = v.InferOutput<typeof CreateCloseLeadBody>;

/** A guest's email or phone: may be left empty; anything else must pass `isValid` (at most `max`). */
const optionalContact = (max: number, isValid: (s: string) => boolean, invalidMessage: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(max, TOO_LONG),
      v.check((s) => s === '' || isValid(s), invalidMessage),
    ),
  );

/**
 * POST /sendLowBudgetMail: a registrar's visitor under 500 USD left the 'Insufficient Budget' window
 * (closed it, chose to increase the budget, or went back to search alternatives). `lowBudgetNote` says
 * which; `budget` is a raised budget when one was typed. Guests may add how to reach them.
 */
export const sendLowBudgetMailBody = (extensions?: readonly string[]) =>
  v.strictObject(
    {
      domainName: leadDomain(extensions),
      offerAmount: v.optional(offerAmount),
      budget: v.optional(offerAmount),
      sourceFrom: optionalText(200),
      lowBudgetNote: optionalText(1000),
      registrarUID: optionalText(100),
      name: optionalText(200),
      email: optionalContact(254, isEmail, FIELD_MESSAGES.EMAIL_ENTER_VALID),
      phone: optionalContact(32, isPhone, FIELD_MESSAGES.PHONE_INVALID),
      botToken: botTokenField,
    },
    UNKNOWN_FIELD,
  );
export const SendLowBudgetMailBody = sendLowBudgetMailBody();
export type SendLowBudgetMailBody = v.InferOutput<typeof SendLowBudgetMailBody>;

/**
 * Where the portal goes after a sign-in that carried a domain (sign-up or registrar enquiry, then
 * verification, a first sign-in with the mailed password, or Google): `data.next` and `data.leadUID`
 * of the session answers (PATCH /verifyEmailByCode, POST /login, POST /socialLogin, POST /oneTabLogin).
 * 'hire-consultant': a lead was created (budget of 500 USD or more), pay for it; 'insufficient-budget':
 * a registrar's visitor under 500 USD, show the 'Insufficient Budget' window (decision A13); null:
 * nothing pending, route as usual (GET /getMyLeads).
 */
export const SIGN_IN_NEXT = ['hire-consultant', 'insufficient-budget'] as const;
export type SignInNext = (typeof SIGN_IN_NEXT)[number];
export const SignInContinuationSchema = v.object({
  next: v.nullable(v.picklist(SIGN_IN_NEXT)),
  leadUID: v.nullable(v.string()),
});
export type SignInContinuation = v.InferOutput<typeof SignInContinuationSchema>;

/** The failure data of POST /createLead's 409 (LEAD_ADD_AS_ALTERNATE): the paid lead to add it to. */
export const OpenLeadRefSchema = v.object({ leadUID: v.string(), domainName: v.string() });
