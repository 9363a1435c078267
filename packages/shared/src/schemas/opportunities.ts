/**
 * Alternate domains of a paid lead, the spec's "opportunities" (docs/product.md "Alternate domains";
 * decision A1): the lead's own domain and up to four alternates, five domains in all. Each alternate is
 * pending until the broker accepts or rejects it.
 */
import * as v from 'valibot';
import { ERRORS } from '../errors.ts';
import { FIELD_MESSAGES } from '../field-messages.ts';
import { offerAmountToCents } from '../pricing.ts';
import { isSupportedDomain, normalizeDomainInput } from '../validators.ts';
import { answerInt, first, optionalText, TOO_LONG, UNKNOWN_FIELD } from './common.ts';

/** Domains a buyer follows on one lead: its own plus four alternates (decision A1). */
export const MAX_FOLLOWED_DOMAINS = 5;
export const MAX_ALTERNATES = MAX_FOLLOWED_DOMAINS - 1;

export const OPPORTUNITY_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type OpportunityStatus = (typeof OPPORTUNITY_STATUSES)[number];

const ANY_ONE_DOMAIN = FIELD_MESSAGES.ANY_ONE_DOMAIN;
const AGREE_TERMS = FIELD_MESSAGES.TERMS_AGREE;
const DOMAIN_INVALID = ERRORS.DOMAIN_INVALID.message;

/** An alternate's domain: a supported extension (decision A18); '' is a blank row of the panel, dropped. */
const alternateDomain = (extensions?: readonly string[]) =>
  first(
    v.pipe(
      v.string(DOMAIN_INVALID),
      v.transform(normalizeDomainInput),
      v.maxLength(253, DOMAIN_INVALID),
      v.check((d) => d === '' || isSupportedDomain(d, extensions), DOMAIN_INVALID),
    ),
  );

/** The buyer's budget for an alternate in dollars ("1500" or 1500); '' or absent means none. */
const alternateOffer = v.pipe(
  v.union([v.string(), v.number(), v.null()], FIELD_MESSAGES.BUDGET_EMPTY),
  v.check(
    (x) => x === null || (typeof x === 'string' && x.trim() === '') || offerAmountToCents(x) !== undefined,
    FIELD_MESSAGES.BUDGET_EMPTY,
  ),
  v.transform((x) =>
    x === null || (typeof x === 'string' && x.trim() === '') ? undefined : offerAmountToCents(x),
  ),
  v.check((c) => c === undefined || c <= 100_000_000_000, TOO_LONG),
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST /createOrUpdateOpportunities {leadUID, opportunities, interestIn?, termsAgreed}. An entry with a
 * UID changes that alternate (its budget; its name while still pending); one without adds a new one.
 * Blank rows are dropped; at least one domain must remain.
 */
export const createOrUpdateOpportunitiesBody = (extensions?: readonly string[]) =>
  v.strictObject(
    {
      leadUID: v.pipe(
        v.string(ERRORS.LEAD_UID_MISSING.message),
        v.trim(),
        v.nonEmpty(ERRORS.LEAD_UID_MISSING.message),
        v.maxLength(100, TOO_LONG),
      ),
      opportunities: v.pipe(
        v.array(
          v.strictObject(
            {
              domainName: alternateDomain(extensions),
              offerAmount: v.optional(alternateOffer),
              UID: v.optional(
                v.pipe(
                  v.string(),
                  v.trim(),
                  v.check((s) => s === '' || UUID.test(s), FIELD_MESSAGES.INVALID_ENTRY),
                ),
              ),
            },
            UNKNOWN_FIELD,
          ),
          ANY_ONE_DOMAIN,
        ),
        v.maxLength(MAX_FOLLOWED_DOMAINS, FIELD_MESSAGES.FOLLOW_LIMIT),
        v.transform((rows) => rows.filter((r) => r.domainName !== '')),
        v.minLength(1, ANY_ONE_DOMAIN),
      ),
      /** What brought the buyer here (the portal's `interestIn`), kept on the lead events. */
      interestIn: optionalText(100),
      termsAgreed: v.literal(true, AGREE_TERMS),
    },
    UNKNOWN_FIELD,
  );
export const CreateOrUpdateOpportunitiesBody = createOrUpdateOpportunitiesBody();
export type CreateOrUpdateOpportunitiesBody = v.InferOutput<typeof CreateOrUpdateOpportunitiesBody>;

/** An alternate as the buyer sees it on the lead (newest last). */
export const OpportunitySchema = v.object({
  UID: v.string(),
  domainName: v.string(),
  /** Dollars as a string ("1500"), or '' when none was given. */
  offerAmount: v.string(),
  status: v.picklist(OPPORTUNITY_STATUSES),
  /** The broker's note to the buyer with the decision; '' while pending. */
  decisionNote: v.optional(v.string()),
});
export type Opportunity = v.InferOutput<typeof OpportunitySchema>;

/** The failure data of POST /createOpportunities' 409. */
export const OpportunityConflictSchema = v.pipe(
  v.object({
    domainName: v.optional(v.string()),
    followed: v.optional(answerInt),
    max: v.optional(answerInt),
  }),
  v.description(
    'OPPORTUNITY_DUPLICATE names the domain; OPPORTUNITY_LIMIT says how many domains the lead follows and the most it may.',
  ),
);
