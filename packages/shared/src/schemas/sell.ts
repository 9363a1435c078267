/**
 * The sell submission (docs/product.md "Selling", "Sell submissions"; decisions A15,
 * A18, B12): one or many domains (any valid name with an extension), the seller's name, email and phone,
 * and in single-domain mode a price and a minimum quote of at least 1 USD. The messages are the spec's.
 */
import * as v from 'valibot';
import { FIELD_MESSAGES } from '../field-messages.ts';
import { offerAmountToCents } from '../pricing.ts';
import { isDomainSyntax, isEmail, isPhone, normalizeDomainInput, normalizeEmail } from '../validators.ts';
import {
  botTokenField,
  first,
  localeField,
  optionalText,
  requiredText,
  stripDollarText,
  TOO_LONG,
  UNKNOWN_FIELD,
} from './common.ts';

export const SELL_MESSAGES = {
  name: FIELD_MESSAGES.FULL_NAME_EMPTY,
  emailEmpty: FIELD_MESSAGES.EMAIL_EMPTY,
  emailInvalid: FIELD_MESSAGES.EMAIL_NOT_VALID,
  phoneEmpty: FIELD_MESSAGES.PHONE_EMPTY,
  phoneInvalid: FIELD_MESSAGES.PHONE_NOT_VALID,
  domainEmpty: FIELD_MESSAGES.DOMAIN_NAME_EMPTY,
  domainInvalid: FIELD_MESSAGES.DOMAIN_NAME_NOT_VALID,
  priceEmpty: FIELD_MESSAGES.PRICE_EMPTY,
  priceNegative: FIELD_MESSAGES.PRICE_NEGATIVE,
  minQuoteEmpty: FIELD_MESSAGES.MIN_QUOTE_EMPTY,
  minQuoteNegative: FIELD_MESSAGES.MIN_QUOTE_NEGATIVE,
  terms: FIELD_MESSAGES.TERMS_REQUIRED,
  tooMany: FIELD_MESSAGES.SELL_TOO_MANY,
  commentEmpty: FIELD_MESSAGES.COMMENT_EMPTY,
} as const;

/** At most this many domains in one submission. */
export const SELL_MAX_DOMAINS = 100;
/**
 * The appraisal's sell button marks its submissions with this form name (docs/product.md "Appraisal page").
 */
export const APPRAISAL_SELL_FORM = 'Appraisal Sell';

/** The items of the domain field: separated by commas (or new lines), empty items ignored. */
export function sellDomainItems(text: string): string[] {
  return text
    .split(/[,\n;]+/)
    .map((d) => d.trim())
    .filter(Boolean);
}

const isSellDomain = (d: string) => d.includes('.') && d.length <= 253 && isDomainSyntax(d);

/** One or many domains as typed ("a.com, b.net"): output the normalized list, duplicates removed. */
export const sellDomainsField = first(
  v.pipe(
    v.string(SELL_MESSAGES.domainEmpty),
    v.maxLength(100_000, TOO_LONG),
    v.transform(sellDomainItems),
    v.check((items) => items.length > 0, SELL_MESSAGES.domainEmpty),
    v.check(
      (items) => items.every((d) => isSellDomain(normalizeDomainInput(d))),
      SELL_MESSAGES.domainInvalid,
    ),
    v.transform((items) => [...new Set(items.map(normalizeDomainInput))]),
    v.check((items) => items.length <= SELL_MAX_DOMAINS, SELL_MESSAGES.tooMany),
  ),
);

const sellName = requiredText(SELL_MESSAGES.name, 200);
const sellEmail = first(
  v.pipe(
    v.string(SELL_MESSAGES.emailEmpty),
    v.trim(),
    v.nonEmpty(SELL_MESSAGES.emailEmpty),
    v.check(isEmail, SELL_MESSAGES.emailInvalid),
    v.transform(normalizeEmail),
  ),
);
const sellPhone = first(
  v.pipe(
    v.string(SELL_MESSAGES.phoneEmpty),
    v.trim(),
    v.nonEmpty(SELL_MESSAGES.phoneEmpty),
    v.maxLength(32, SELL_MESSAGES.phoneInvalid),
    v.check(isPhone, SELL_MESSAGES.phoneInvalid),
  ),
);

/**
 * A price or minimum quote: required, at least 1 USD (docs/product.md "Business constants and limits").
 * Output: cents.
 */
const atLeastOne = (empty: string, negative: string) =>
  first(
    v.pipe(
      v.union([v.string(), v.number()], empty),
      v.transform(stripDollarText),
      v.check((x) => x !== '', empty),
      v.check((x) => (typeof x === 'number' ? x >= 1 : !x.startsWith('-') && Number(x) >= 1), negative),
      v.check((x) => offerAmountToCents(x) !== undefined, negative),
      v.transform((x) => offerAmountToCents(x) as number),
      v.check((c) => c <= 100_000_000_000, TOO_LONG),
    ),
  );
export const sellPriceField = atLeastOne(SELL_MESSAGES.priceEmpty, SELL_MESSAGES.priceNegative);
export const sellMinQuoteField = atLeastOne(SELL_MESSAGES.minQuoteEmpty, SELL_MESSAGES.minQuoteNegative);

const terms = v.literal(true, SELL_MESSAGES.terms);

/** The form with the multi-domain textarea. */
export const SellMultiForm = v.object({
  domain: sellDomainsField,
  name: sellName,
  email: sellEmail,
  phone: sellPhone,
  terms,
});
/** The form of one domain (a `domain` parameter): with price and minimum quote. */
export const SellSingleForm = v.object({
  domain: sellDomainsField,
  name: sellName,
  email: sellEmail,
  phone: sellPhone,
  price: sellPriceField,
  minQuote: sellMinQuoteField,
  terms,
});
export type SellFormInput = {
  domain: string;
  name: string;
  email: string;
  phone: string;
  price: string;
  minQuote: string;
  terms: boolean;
};

/**
 * POST /sell-domain {domain (comma-separated), email, name, phone, formName, source, price, minQuote,
 * value, worth}. Price and minimum quote come together, for a single domain.
 */
export const SellDomainBody = v.pipe(
  v.strictObject(
    {
      domain: sellDomainsField,
      email: sellEmail,
      name: sellName,
      phone: sellPhone,
      formName: optionalText(100),
      source: optionalText(2048),
      ref: optionalText(200),
      price: v.optional(sellPriceField),
      minQuote: v.optional(sellMinQuoteField),
      value: v.optional(
        v.pipe(
          v.union([v.string(), v.number()]),
          v.transform((x) => (x === '' ? undefined : offerAmountToCents(x))),
        ),
      ),
      worth: optionalText(200),
      botToken: botTokenField,
      locale: localeField,
    },
    UNKNOWN_FIELD,
  ),
  v.forward(
    v.check((b) => (b.price === undefined) === (b.minQuote === undefined), SELL_MESSAGES.minQuoteEmpty),
    ['minQuote'],
  ),
  v.forward(
    v.check((b) => b.price === undefined || b.domain.length === 1, SELL_MESSAGES.domainInvalid),
    ['domain'],
  ),
);
export type SellDomainBodyInput = v.InferInput<typeof SellDomainBody>;
export type SellDomainBody = v.InferOutput<typeof SellDomainBody>;

/** The answer: `id` names the submission (POST /sell-comment/{id}); `userRoleId` for a signed-in seller. */
export interface SellDomainAnswer {
  id: string;
  userRoleId?: string;
  verified: boolean;
}

export const SellCommentBody = v.strictObject(
  {
    comment: requiredText(SELL_MESSAGES.commentEmpty, 2000),
  },
  UNKNOWN_FIELD,
);
export const SellCommentParam = v.object({ id: v.pipe(v.string(), v.uuid('Entry not found.')) });
export const SellVerifyBody = v.strictObject(
  {
    token: v.pipe(
      v.string(FIELD_MESSAGES.INVALID_ENTRY),
      v.minLength(10, FIELD_MESSAGES.INVALID_ENTRY),
      v.maxLength(200, FIELD_MESSAGES.INVALID_ENTRY),
    ),
  },
  UNKNOWN_FIELD,
);

/** `data` of POST /sell-domain and the address confirmation. */
export const SellAnswerSchema = v.object({
  id: v.pipe(v.string(), v.uuid(), v.description('The submission: POST /sell-comment/{id}')),
  verified: v.pipe(
    v.boolean(),
    v.description('The address is confirmed (a signed-in seller with that address)'),
  ),
  userRoleId: v.optional(
    v.pipe(v.string(), v.description("The Seller role now on the signed-in caller's account")),
  ),
});
