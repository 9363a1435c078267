/**
 * Appraisal payloads (docs/product.md "Appraisal page", "Staff workspace"; docs/api.md "Appraisals"):
 * the appraisal call, search history, certificates, and the staff's manual appraisals and category
 * percentages. The server validates with these; the portal's forms use the same messages.
 */
import * as v from 'valibot';
import { DEFAULT_SUPPORTED_EXTENSIONS } from '../constants.ts';
import { FIELD_MESSAGES } from '../field-messages.ts';
import { isDomainSyntax, normalizeDomainInput } from '../validators.ts';
import {
  answerInt,
  answerTimestamp,
  anyCaseSortTypeField,
  botTokenField,
  domainField,
  dropNul,
  emailField,
  first,
  noNul,
  PERCENTAGE_MESSAGE,
  pageNumber,
  percentageField,
  requiredText,
  searchText,
  sortByField,
  TOO_LONG,
  UNKNOWN_FIELD,
} from './common.ts';

/** The server's message for a domain it will not appraise (spec's server catalogue). */
export const DOMAIN_INVALID_MESSAGE = FIELD_MESSAGES.DOMAIN_INVALID;
export const DOMAIN_VALUE_REQUIRED_MESSAGE = FIELD_MESSAGES.DOMAIN_VALUE_REQUIRED;

/** '.com, .net, .org': the supported extensions as a message lists them. */
export const extensionList = (extensions: readonly string[]) => extensions.map((e) => `.${e}`).join(', ');

/** The server's message for a well-formed name in an extension it does not appraise. */
export const extensionUnsupportedMessage = (extensions: readonly string[] = DEFAULT_SUPPORTED_EXTENSIONS) =>
  `This extension is not supported. Supported extensions: ${extensionList(extensions)}.`;

/**
 * A domain the appraisal accepts: `name.ext` with a supported extension (the server passes its list).
 * A well-formed name in another extension gets the message that lists the supported ones.
 */
export const appraisalDomain = (extensions: readonly string[] = DEFAULT_SUPPORTED_EXTENSIONS) =>
  domainField(
    DOMAIN_INVALID_MESSAGE,
    DOMAIN_INVALID_MESSAGE,
    extensions,
    extensionUnsupportedMessage(extensions),
  );

const userUidQuery = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64, TOO_LONG)));

/** PUT /appraisalDetails/{domain}?userUID=&signals= */
export const AppraisalDetailsQuery = v.strictObject(
  {
    userUID: userUidQuery,
    /** `1` adds the engine's signals to the answer (staff only). */
    signals: v.optional(v.picklist(['0', '1', 'true', 'false'], FIELD_MESSAGES.INVALID_ENTRY)),
  },
  UNKNOWN_FIELD,
);
export type AppraisalDetailsQuery = v.InferOutput<typeof AppraisalDetailsQuery>;

/** PUT /appraisalDetails/{domain} body. */
export const AppraisalDetailsBody = v.strictObject(
  {
    referrerURL: v.optional(v.nullable(v.pipe(v.string(), dropNul, v.trim(), v.maxLength(2048, TOO_LONG)))),
    /** The captcha token (Cloudflare Turnstile or compatible), required when the server has a secret. */
    botToken: botTokenField,
  },
  UNKNOWN_FIELD,
);
export type AppraisalDetailsBody = v.InferOutput<typeof AppraisalDetailsBody>;

/** GET /recentSearch?userUID= */
export const RecentSearchQuery = v.strictObject({ userUID: userUidQuery }, UNKNOWN_FIELD);

/** PATCH /updateUserIDInDomain: the domains the browser remembers from before sign-in. */
export const UpdateUserIdInDomainBody = v.strictObject(
  {
    domainNames: v.pipe(
      v.array(
        v.pipe(
          v.string(FIELD_MESSAGES.DOMAIN_NOT_VALID),
          v.transform(normalizeDomainInput),
          v.check(isDomainSyntax, FIELD_MESSAGES.DOMAIN_NOT_VALID),
        ),
        FIELD_MESSAGES.ANY_ONE_DOMAIN,
      ),
      v.maxLength(100, TOO_LONG),
    ),
  },
  UNKNOWN_FIELD,
);
export type UpdateUserIdInDomainBody = v.InferOutput<typeof UpdateUserIdInDomainBody>;

/** POST /sendAppraisalCertificate */
export const SendAppraisalCertificateBody = v.strictObject(
  {
    domainName: domainField(FIELD_MESSAGES.DOMAIN_NAME_MANDATORY, DOMAIN_INVALID_MESSAGE),
    email: emailField(FIELD_MESSAGES.EMAIL_FIELD_EMPTY, FIELD_MESSAGES.EMAIL_ADDRESS_INVALID),
    name: v.optional(v.nullable(v.pipe(v.string(), dropNul, v.trim(), v.maxLength(200, TOO_LONG)))),
  },
  UNKNOWN_FIELD,
);
export type SendAppraisalCertificateBody = v.InferOutput<typeof SendAppraisalCertificateBody>;

/** The certificate modal of the appraisal page. */
export const CertificateForm = v.object({
  email: emailField(FIELD_MESSAGES.EMAIL_FIELD_EMPTY, FIELD_MESSAGES.EMAIL_ADDRESS_INVALID),
});

// ── staff: manual appraisals ──────────────────────────────────────────────────────────────────

/** A whole number of dollars, sent as a number or a numeric string ("Value parsed as integer"). */
const manualValueField = first(
  v.pipe(
    v.union(
      [
        v.pipe(
          v.string(DOMAIN_VALUE_REQUIRED_MESSAGE),
          v.trim(),
          v.regex(/^\d{0,10}$/, DOMAIN_VALUE_REQUIRED_MESSAGE),
          v.transform((s) => (s === '' ? 0 : Number(s))),
        ),
        v.number(DOMAIN_VALUE_REQUIRED_MESSAGE),
      ],
      DOMAIN_VALUE_REQUIRED_MESSAGE,
    ),
    v.integer(DOMAIN_VALUE_REQUIRED_MESSAGE),
    v.minValue(0, DOMAIN_VALUE_REQUIRED_MESSAGE),
    v.maxValue(2_000_000_000, TOO_LONG),
  ),
);

const manualDomain = (extensions?: readonly string[]) =>
  domainField(FIELD_MESSAGES.DOMAIN_NAME_MANDATORY, DOMAIN_INVALID_MESSAGE, extensions);

/** Either a nonzero whole value or the blocked flag (docs/product.md "Staff workspace"). */
export const hasManualValue = (e: { manualValue?: number | undefined; isBlocked?: boolean | undefined }) =>
  (e.manualValue ?? 0) > 0 || e.isBlocked === true;

/** POST /manualAppraisal. `overwrite: true` replaces an existing entry (the Overwrite button). */
export const createManualAppraisalBody = (extensions?: readonly string[]) =>
  v.pipe(
    v.strictObject(
      {
        domainName: manualDomain(extensions),
        manualValue: v.optional(manualValueField),
        isBlocked: v.optional(v.boolean(FIELD_MESSAGES.INVALID_ENTRY)),
        overwrite: v.optional(v.boolean(FIELD_MESSAGES.INVALID_ENTRY)),
      },
      UNKNOWN_FIELD,
    ),
    v.forward(
      v.check(
        (e: { domainName: string; manualValue?: number; isBlocked?: boolean; overwrite?: boolean }) =>
          hasManualValue(e),
        DOMAIN_VALUE_REQUIRED_MESSAGE,
      ),
      ['manualValue'],
    ),
  );
export const CreateManualAppraisalBody = createManualAppraisalBody();
export type CreateManualAppraisalBody = v.InferOutput<typeof CreateManualAppraisalBody>;

/** PATCH /manualAppraisal/{id}: the fields sent change; the result must still hold a value or the flag. */
export const createUpdateManualAppraisalBody = (extensions?: readonly string[]) =>
  v.strictObject(
    {
      domainName: v.optional(manualDomain(extensions)),
      manualValue: v.optional(manualValueField),
      isBlocked: v.optional(v.boolean(FIELD_MESSAGES.INVALID_ENTRY)),
    },
    UNKNOWN_FIELD,
  );
export const UpdateManualAppraisalBody = createUpdateManualAppraisalBody();
export type UpdateManualAppraisalBody = v.InferOutput<typeof UpdateManualAppraisalBody>;

/** The admin form (the portal's manual appraisal dialog). */
export const ManualAppraisalForm = CreateManualAppraisalBody;

export const MANUAL_APPRAISAL_SORT_FIELDS = [
  'createdAt',
  'updatedAt',
  'domainName',
  'manualValue',
  'isBlocked',
] as const;

/** GET /manualAppraisal?search=&page=&limit=&sortBy=&sortType= (createdAt DESC by default, 10 a page). */
export const ManualAppraisalListQuery = v.strictObject(
  {
    search: searchText(253),
    page: pageNumber(1, 1_000_000),
    limit: pageNumber(10, 100),
    sortBy: sortByField(MANUAL_APPRAISAL_SORT_FIELDS, 'createdAt'),
    sortType: anyCaseSortTypeField(['asc', 'desc']),
  },
  UNKNOWN_FIELD,
);
export type ManualAppraisalListQuery = v.InferOutput<typeof ManualAppraisalListQuery>;

// ── staff: category percentages (Exhibit B) ───────────────────────────────────────────────────

/**
 * PATCH /exhibitConditions/{id}: `description` is the percentage, sent either bare or as the list the
 * GET answers (`[{ UID, description }]`, one entry per category).
 */
export const UpdateExhibitConditionBody = v.strictObject(
  {
    categoryName: v.optional(v.pipe(requiredText('Please enter category name', 100), noNul)),
    description: v.union(
      [
        percentageField,
        v.pipe(
          v.array(
            v.object({ UID: v.optional(v.string()), description: percentageField }),
            PERCENTAGE_MESSAGE,
          ),
          v.length(1, PERCENTAGE_MESSAGE),
          v.transform((a) => a[0]!.description),
        ),
      ],
      PERCENTAGE_MESSAGE,
    ),
  },
  UNKNOWN_FIELD,
);
export type UpdateExhibitConditionBody = v.InferOutput<typeof UpdateExhibitConditionBody>;

// ── answers ───────────────────────────────────────────────────────────────────────────────────

export const AppraisalTypeSchema = v.object({ type: v.string(), info: v.string(), value: v.number() });

/**
 * The appraisal record the page shows (docs/product.md "Appraisal page"), plus range and confidence, plus
 * today's counter.
 */
export const AppraisalAnswerSchema = v.object({
  domain: v.string(),
  tld: v.string(),
  appraised_value: v.number(),
  saw_appraised_value: v.number(),
  saw_appraised_value_formatted: v.string(),
  appraisalTypes: v.array(AppraisalTypeSchema),
  /** Reasons, most important first; a guest gets the first GUEST_REASON_COUNT (5) only (the full list needs a login). */
  description: v.array(v.string()),
  /** How many reasons there are in all (more than `description.length` for a guest: offer "Read more"). */
  descriptionCount: v.optional(v.number()),
  availableExtensions: v.array(v.string()),
  manualReviewRequire: v.boolean(),
  range: v.object({ low: v.number(), high: v.number() }),
  confidence: v.picklist(['low', 'medium', 'high']),
  /** True when a broker set the value (a manual appraisal). */
  manualValue: v.boolean(),
  /** Appraisals left today; null when the caller is unlimited. */
  remaining: v.nullable(v.number()),
  /** Today's limit; null when unlimited. */
  limit: v.nullable(v.number()),
  /** When today's allowance renews (ISO 8601, the next 00:00 UTC); null when unlimited. */
  renewsAt: v.nullable(v.string()),
  signals: v.optional(v.record(v.string(), v.union([v.number(), v.boolean()]))),
});
export type AppraisalAnswer = v.InferOutput<typeof AppraisalAnswerSchema>;

/** One entry of GET /recentSearch: the record as it was answered, and when. */
export const RecentSearchItemSchema = v.object({
  ...v.omit(AppraisalAnswerSchema, ['remaining', 'limit', 'renewsAt', 'signals']).entries,
  domainName: v.string(),
  searchedAt: v.string(),
});
export type RecentSearchItem = v.InferOutput<typeof RecentSearchItemSchema>;

export const ManualAppraisalSchema = v.object({
  UID: v.string(),
  domainName: v.string(),
  manualValue: v.number(),
  isBlocked: v.boolean(),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type ManualAppraisal = v.InferOutput<typeof ManualAppraisalSchema>;

export const ExhibitConditionSchema = v.object({
  UID: v.string(),
  condition: v.string(),
  type: v.string(),
  categoryName: v.string(),
  description: v.array(v.object({ UID: v.string(), description: v.string() })),
  percentage: v.number(),
  updatedAt: v.string(),
});
export type ExhibitCondition = v.InferOutput<typeof ExhibitConditionSchema>;

/** The failure data of a 429 of PUT /appraisalDetails: today's counter. */
export const AppraisalLimitDataSchema = v.object({
  remaining: answerInt,
  limit: answerInt,
  renewsAt: v.optional(v.pipe(answerTimestamp, v.description('When the allowance renews (next 00:00 UTC)'))),
});

/** `data` of PATCH /updateUserIDInDomain: how many guest appraisals moved to the user. */
export const AttachedSearchesSchema = v.object({ attached: answerInt });

/** `data` of POST /appraisalCertificate/{domain}/share. */
export const CertificateShareSchema = v.object({
  url: v.string(),
  expiresAt: answerTimestamp,
  certificateId: v.string(),
});

/** The Content-Disposition of a certificate PDF (`attachment` to download, `inline` to open). */
export const certificateDisposition = (disposition: 'attachment' | 'inline') =>
  v.pipe(v.string(), v.regex(new RegExp(`^${disposition}; filename=".+\\.pdf"$`)));

/** X-Appraisal-Remaining of GET /recentSearch: today's remaining appraisals, or 'unlimited'. */
export const AppraisalRemainingHeader = v.pipe(v.string(), v.regex(/^(?:\d+|unlimited)$/));

/** `data` of POST /sendAppraisalCertificate: the certificate mailed. */
export const CertificateIdSchema = v.object({ certificateId: v.string() });

/** `data` of GET /manualAppraisal: one page, the list also under the spec's name. */
export const ManualAppraisalListSchema = v.object({
  items: v.array(ManualAppraisalSchema),
  manualAppraisal: v.pipe(
    v.array(ManualAppraisalSchema),
    v.description("The same list under the spec's name."),
  ),
  total: answerInt,
  page: answerInt,
  limit: answerInt,
});
