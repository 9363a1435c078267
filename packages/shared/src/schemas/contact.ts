/**
 * Contact Us (docs/product.md "Contact Us"): name, email, phone,
 * a domain name with an extension (any extension: the visitor may ask about any name), comments, and an
 * optional budget. The form and `POST /contact` share these rules; the messages are the spec's.
 */
import * as v from 'valibot';
import { FIELD_MESSAGES } from '../field-messages.ts';
import { offerAmountToCents } from '../pricing.ts';
import { isDomainSyntax, normalizeDomainInput } from '../validators.ts';
import {
  botTokenField,
  emailField,
  first,
  localeField,
  phoneField,
  requiredText,
  stripDollarText,
  TOO_LONG,
  UNKNOWN_FIELD,
} from './common.ts';

export const CONTACT_MESSAGES = {
  name: FIELD_MESSAGES.NAME_EMPTY,
  email: FIELD_MESSAGES.EMAIL_ENTER_VALID,
  phoneEmpty: FIELD_MESSAGES.PHONE_REQUIRED,
  phoneInvalid: FIELD_MESSAGES.PHONE_INVALID,
  domain: FIELD_MESSAGES.DOMAIN_NAME_ENTER_VALID,
  comments: FIELD_MESSAGES.COMMENTS_REQUIRED,
  budget: FIELD_MESSAGES.BUDGET_REQUIRED,
} as const;

/** A name with an extension (`name.ext`, any extension); a pasted URL is reduced to its host. */
export const contactDomainField = first(
  v.pipe(
    v.string(CONTACT_MESSAGES.domain),
    v.transform(normalizeDomainInput),
    v.nonEmpty(CONTACT_MESSAGES.domain),
    v.maxLength(253, CONTACT_MESSAGES.domain),
    v.check((d) => d.includes('.') && isDomainSyntax(d), CONTACT_MESSAGES.domain),
  ),
);

/** The budget: empty (none), or an amount in USD as text or a number. Output: cents or undefined. */
const budgetField = first(
  v.pipe(
    v.union([v.string(), v.number()], CONTACT_MESSAGES.budget),
    v.transform(stripDollarText),
    v.check((x) => x === '' || offerAmountToCents(x) !== undefined, CONTACT_MESSAGES.budget),
    v.transform((x) => (x === '' ? undefined : offerAmountToCents(x))),
    v.check((c) => c === undefined || c <= 100_000_000_000, TOO_LONG),
  ),
);

const fields = {
  name: requiredText(CONTACT_MESSAGES.name, 200),
  email: emailField(CONTACT_MESSAGES.email, CONTACT_MESSAGES.email),
  phone: phoneField(CONTACT_MESSAGES.phoneEmpty, CONTACT_MESSAGES.phoneInvalid),
  domainName: contactDomainField,
  comments: requiredText(CONTACT_MESSAGES.comments, 5000),
  budget: v.optional(budgetField),
};

/** What the Contact Us form checks before sending (text inputs). */
export const ContactForm = v.object(fields);
export type ContactFormInput = { [K in keyof typeof fields]: string };
export type ContactFormOutput = v.InferOutput<typeof ContactForm>;

/** POST /contact {name, email, phone, domainName, comments, budget}; botToken when a captcha is configured. */
export const ContactBody = v.strictObject(
  {
    ...fields,
    botToken: botTokenField,
    locale: localeField,
  },
  UNKNOWN_FIELD,
);
export type ContactBodyInput = v.InferInput<typeof ContactBody>;
export type ContactBody = v.InferOutput<typeof ContactBody>;
