import * as v from 'valibot';
import { LOCALES } from '../constants.ts';
import { FIELD_MESSAGES } from '../field-messages.ts';
import { ROLE_TYPES, USER_INTERESTS } from '../roles.ts';
import {
  EMAIL_PATTERN,
  isEmail,
  isPhone,
  isStrongPassword,
  isSupportedDomain,
  normalizeDomainInput,
  normalizeEmail,
  normalizeOtp,
  PASSWORD_PATTERN,
  PHONE_PATTERN,
  supportedDomainPattern,
  unsupportedExtension,
} from '../validators.ts';

/** Each field reports its first problem only, the way a form shows one message under an input. */
export const first = <T extends v.GenericSchema>(schema: T) => v.config(schema, { abortPipeEarly: true });

export const TOO_LONG = FIELD_MESSAGES.TOO_LONG;
export const PASSWORD_RULE_MESSAGE = FIELD_MESSAGES.PASSWORD_RULE;

/** Every object payload refuses fields it does not know. */
export const UNKNOWN_FIELD = FIELD_MESSAGES.UNKNOWN_FIELD;

/** PostgreSQL text cannot hold NUL: a field that is stored refuses it (bad input is refused, never a 500). */
export const noNul = v.check((s: string) => !s.includes('\u0000'), FIELD_MESSAGES.INVALID_ENTRY);
/** Free text that is only searched or shown drops NUL instead of refusing it. */
export const dropNul = v.transform((s: string) => s.replaceAll('\u0000', ''));

/** A trimmed text that must not be empty, reporting every problem it has. */
export const filledText = (emptyMessage: string, max: number) =>
  v.pipe(v.string(emptyMessage), v.trim(), v.nonEmpty(emptyMessage), v.maxLength(max, TOO_LONG), noNul);

/** A required trimmed text with the spec's empty message (its first problem only). */
export const requiredText = (emptyMessage: string, max = 200) => first(filledText(emptyMessage, max));

export const optionalText = (max = 500) =>
  v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, TOO_LONG), noNul));

export const emailField = (emptyMessage: string, invalidMessage: string) =>
  first(
    v.pipe(
      v.string(emptyMessage),
      v.metadata({ format: 'email', pattern: EMAIL_PATTERN }),
      v.trim(),
      v.nonEmpty(emptyMessage),
      v.maxLength(254, invalidMessage),
      v.check(isEmail, invalidMessage),
      v.transform(normalizeEmail),
    ),
  );

export const passwordField = (emptyMessage: string) =>
  first(
    v.pipe(
      v.string(emptyMessage),
      v.metadata({ pattern: PASSWORD_PATTERN }),
      v.nonEmpty(emptyMessage),
      v.check(isStrongPassword, PASSWORD_RULE_MESSAGE),
    ),
  );

/** A password being checked (sign-in, current password): only presence and a sane length. */
export const existingPasswordField = (emptyMessage: string) =>
  first(v.pipe(v.string(emptyMessage), v.nonEmpty(emptyMessage), v.maxLength(256, TOO_LONG)));

export const phoneField = (emptyMessage: string, invalidMessage: string) =>
  first(
    v.pipe(
      v.string(emptyMessage),
      v.metadata({ pattern: PHONE_PATTERN }),
      v.trim(),
      v.nonEmpty(emptyMessage),
      v.maxLength(32, invalidMessage),
      v.check(isPhone, invalidMessage),
    ),
  );

/** A phone that may be left empty (empty removes it); anything else must be a valid international number. */
export const emptyOrPhoneField = (invalidMessage: string) =>
  first(
    v.pipe(
      v.string(invalidMessage),
      v.trim(),
      v.maxLength(32, invalidMessage),
      v.check((s) => s === '' || isPhone(s), invalidMessage),
    ),
  );

/** A 6-digit code, sent as a string or a number (a number loses its leading zeros and gets them back). */
export const otpField = (emptyMessage: string) =>
  first(
    v.pipe(
      v.union(
        [
          v.pipe(v.string(emptyMessage), v.trim()),
          v.pipe(v.number(emptyMessage), v.integer(emptyMessage), v.minValue(0, emptyMessage)),
        ],
        emptyMessage,
      ),
      v.transform(normalizeOtp),
      v.nonEmpty(emptyMessage),
      v.regex(/^\d{6}$/, FIELD_MESSAGES.OTP_DIGITS),
    ),
  );

/**
 * A `name.ext` with a supported extension. A well-formed name with another extension gets
 * `unsupportedMessage` (by default the invalid message), so a form can name the supported ones.
 */
export const domainField = (
  emptyMessage: string,
  invalidMessage: string,
  extensions?: readonly string[],
  unsupportedMessage = invalidMessage,
) =>
  first(
    v.pipe(
      v.string(emptyMessage),
      // What the API document states; the check below is the rule (the server also accepts a pasted URL).
      v.metadata({ pattern: supportedDomainPattern(extensions) }),
      v.transform(normalizeDomainInput),
      v.nonEmpty(emptyMessage),
      v.check((d) => unsupportedExtension(d, extensions) === null, unsupportedMessage),
      v.check((d) => isSupportedDomain(d, extensions), invalidMessage),
    ),
  );

/** Budgets and offers arrive as numbers or numeric strings ("offerAmount (string)" in the spec). */
export const amountField = (emptyMessage: string) =>
  first(
    v.pipe(
      v.union(
        [
          v.pipe(
            v.string(emptyMessage),
            v.trim(),
            v.nonEmpty(emptyMessage),
            v.decimal(emptyMessage),
            v.transform(Number),
          ),
          v.number(emptyMessage),
        ],
        emptyMessage,
      ),
      v.minValue(0, emptyMessage),
      v.maxValue(1_000_000_000, TOO_LONG),
    ),
  );

export const roleTypeField = v.optional(v.picklist(ROLE_TYPES, FIELD_MESSAGES.ROLE_TYPE_INVALID));
export const userInterestField = v.optional(v.picklist(USER_INTERESTS, FIELD_MESSAGES.INVALID_ENTRY));
export const localeField = v.optional(v.picklist(LOCALES, FIELD_MESSAGES.INVALID_ENTRY));
export const urlField = (message: string) =>
  first(
    v.pipe(
      v.string(message),
      v.trim(),
      v.maxLength(2048, TOO_LONG),
      noNul,
      v.check((s) => s === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(s), message),
    ),
  );

/**
 * The captcha's answer (`botToken`) of a public form that sends mail or makes an account: checked when
 * the deployment has a captcha (decision A37), ignored otherwise.
 */
export const botTokenField = v.optional(v.nullable(v.pipe(v.string(), v.maxLength(4096, TOO_LONG))));

/** A list's `search` text: optional, NUL dropped, at most `max` characters. */
export const searchText = (max: number) =>
  v.optional(v.pipe(v.string(), dropNul, v.trim(), v.maxLength(max, TOO_LONG)));

/** A list's `sortBy`: one of `fields`, `fallback` when absent. */
export const sortByField = <const F extends readonly [string, ...string[]]>(fields: F, fallback: F[number]) =>
  v.optional(v.picklist(fields, FIELD_MESSAGES.INVALID_ENTRY), fallback);

/** A list's `sortType`: ASC or DESC, descending when absent. */
export const sortTypeField = v.optional(v.picklist(['ASC', 'DESC'], FIELD_MESSAGES.INVALID_ENTRY), 'DESC');

/** A `sortType` taken in any letter case and read in the case of `orders`; descending when absent. */
export const anyCaseSortTypeField = <const O extends readonly ['ASC', 'DESC'] | readonly ['asc', 'desc']>(
  orders: O,
) =>
  v.optional(
    v.pipe(
      v.string(),
      v.transform((s) => (orders[0] === 'ASC' ? s.toUpperCase() : s.toLowerCase())),
      v.picklist(orders, FIELD_MESSAGES.INVALID_ENTRY),
    ),
    orders[1],
  );

/** An amount as people type it: "$2,000" is 2000 (a number is left as it is). */
export const stripDollarText = (x: string | number) =>
  typeof x === 'string'
    ? x
        .trim()
        .replace(/^\$\s*/, '')
        .replace(/,/g, '')
    : x;

/** A page of a list as the spec answers it: the rows (`data`), how many in all, how many pages. */
export const specPage = <T extends v.GenericSchema>(row: T) => ({
  data: v.array(row),
  total: v.number(),
  totalPage: v.number(),
});

/** A page number or page size in a query string: empty means `fallback`; 1 to `max`. */
export const pageNumber = (fallback: number, max: number) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.transform((s) => (s.trim() === '' ? fallback : Number(s))),
    v.number(FIELD_MESSAGES.INVALID_ENTRY),
    v.integer(FIELD_MESSAGES.INVALID_ENTRY),
    v.minValue(1, FIELD_MESSAGES.INVALID_ENTRY),
    v.maxValue(max, FIELD_MESSAGES.INVALID_ENTRY),
  );

export const PERCENTAGE_MESSAGE = FIELD_MESSAGES.PERCENTAGE_INVALID;

/** A whole percentage 0-100, sent as a number or a digit string (category values, registrar rates). */
export const percentageField = first(
  v.pipe(
    v.union(
      [
        v.pipe(
          v.string(PERCENTAGE_MESSAGE),
          v.trim(),
          v.regex(/^\d{1,3}$/, PERCENTAGE_MESSAGE),
          v.transform(Number),
        ),
        v.number(PERCENTAGE_MESSAGE),
      ],
      PERCENTAGE_MESSAGE,
    ),
    v.integer(PERCENTAGE_MESSAGE),
    v.minValue(0, PERCENTAGE_MESSAGE),
    v.maxValue(100, PERCENTAGE_MESSAGE),
  ),
);

// ── answers (what the server sends; the OpenAPI document is generated from these) ─────────────

/** A whole number in an answer. */
export const answerInt = v.pipe(v.number(), v.integer());
/** An instant in an answer (ISO 8601). */
export const answerTimestamp = v.pipe(v.string(), v.isoTimestamp());
/** Any JSON object (a document or an event the server passes along). */
export const anyObject = v.record(v.string(), v.unknown());
