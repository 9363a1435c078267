/**
 * The portal's one way to show a server or schema text in the active language: by its code, through
 * one table per direction (docs/architecture.md "A new message"):
 * - SUCCESS_TEXTS, keyed by the success catalogue's code (packages/shared/src/success.ts), for the
 *   `{ message, code }` the server answers;
 * - FIELD_TEXTS, keyed by the field-message catalogue's code (packages/shared/src/field-messages.ts),
 *   for what a shared schema reports under a field (in the form, or in the server's `errors[]`);
 * - the error texts, keyed by the error catalogue's code, are lib/api.ts's `errorText` (the shell's).
 * A code the tables do not list shows the server's English message, as sent.
 */
import { type FieldMessageCode, fieldMessageCode } from '@domain-broker/shared/field-messages';
import type { SuccessCode } from '@domain-broker/shared/success';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The success answers the portal shows, translated (a code not here shows as sent). */
export const SUCCESS_TEXTS: Partial<Record<SuccessCode, MessageDescriptor>> = {
  VERIFICATION_SENT: msg`OTP sent to email address, and it will expire in the next 10 minutes.`,
  EMAIL_VERIFICATION_REQUIRED: msg`Please verify your email address: we sent a code to your inbox.`,
  PASSWORD_SENT: msg`Please check your registered email for your temporary password.`,
  EMAIL_VERIFIED: msg`Your email address is verified.`,
  LOGGED_IN: msg`Logged in successfully.`,
  PASSWORD_CHANGED: msg`Password changed successfully`,
  PASSWORD_SET: msg`Your password is set, please sign in.`,
  PASSWORD_RESET: msg`Your password has been reset, please sign in with the new password.`,
  PROFILE_UPDATED: msg`User Details Updated Successfully`,
  USER_EXISTS: msg`User already exists, please login!`,
  ORIGIN_ADDED: msg`Origin added: the widget may now be embedded there.`,
  ORIGIN_REMOVED: msg`Origin removed: the widget no longer appears there.`,
  CERTIFICATE_SENT: msg`Appraisal certificate sent to your email address`,
  OPPORTUNITIES_SAVED: msg`Your alternate domains are saved: your broker will review them.`,
  LOW_BUDGET_SENT: msg`Thank you, our team has been told about your budget.`,
  ENQUIRY_SUBMITTED: msg`Form Submitted, One of our agents will get back to you within one business day or less.`,
  CONTACT_SUBMITTED: msg`Form Submitted, One of our agents will get back to you within one business day or less.`,
  PAYMENT_APPROVED: msg`Success! The charge has been approved.`,
  SURVEY_UPDATED: msg`Domain details updated`,
  // the staff workspace
  TIMELINE_UPDATED: msg`Timeline updated`,
  MARKET_ANALYSIS_SAVED: msg`Market analysis saved`,
  ALTERNATE_DECIDED: msg`Alternate domain updated`,
  LEAD_UPDATED: msg`Lead updated successfully`,
  LEAD_CLOSE_SAVED: msg`Lead updated successfully`,
  LEAD_REASSIGNED: msg`Lead reassigned`,
  PROMO_CREATED: msg`Promo code created successfully`,
  DELETED: msg`Deleted successfully`,
  DOMAIN_DETAILS_UPDATED: msg`Updated domain details`,
  CATEGORY_UPDATED: msg`Category updated successfully`,
  PREMIUM_FLAG_UPDATED: msg`Premium flag updated`,
  PAYOUT_RECORDED: msg`Payout recorded`,
  USER_CREATED: msg`User created successfully: we sent them a link to set their password.`,
  USER_UPDATED: msg`User updated successfully`,
  USER_DELETED: msg`User Deleted`,
  PRIVILEGES_UPDATED: msg`Privileges updated successfully`,
};

/** The shared schemas' field messages the portal shows, translated (a code not here shows as sent). */
export const FIELD_TEXTS: Partial<Record<FieldMessageCode, MessageDescriptor>> = {
  INVALID_ENTRY: msg`Invalid entry.`,
  TOO_LONG: msg`Input value is too long.`,
  DATE_FORMAT_INVALID: msg`Invalid date format.`,
  NAME_REQUIRED: msg`Please Enter Your Name`,
  NAME_EMPTY: msg`Please Enter Name`,
  FULL_NAME_EMPTY: msg`Full name can't be empty.`,
  FIRST_NAME_REQUIRED: msg`Please Enter First Name`,
  EMAIL_EMPTY: msg`Email address can't be empty.`,
  EMAIL_NOT_VALID: msg`Email address is not valid.`,
  EMAIL_FIELD_EMPTY: msg`Email field should not be empty.`,
  EMAIL_ADDRESS_INVALID: msg`Please Enter Valid Email Address`,
  EMAIL_ENTER_VALID: msg`Please Enter Valid Email`,
  EMAIL_PLEASE_ENTER_VALID: msg`Email is not valid, Please enter valid email address.`,
  PHONE_REQUIRED: msg`Please Enter Phone Number`,
  PHONE_INVALID: msg`Invalid phone number`,
  PHONE_ENTER_VALID: msg`Please Enter Valid Phone Number`,
  PHONE_EMPTY: msg`Phone number can't be empty.`,
  PHONE_NOT_VALID: msg`Phone number is not valid.`,
  URL_INVALID: msg`Please enter valid URL`,
  ROLE_REQUIRED: msg`Role is required`,
  USER_EMAIL_EXISTS: msg`A user with this email already exists.`,
  PASSWORD_EMPTY: msg`Password can't be empty.`,
  PASSWORD_REQUIRED: msg`Please Enter Password`,
  PASSWORD_RULE: msg`Password must be at least 8 characters and contain a number, an uppercase letter and a special character (@$!%*?&).`,
  CONFIRM_PASSWORD_EMPTY: msg`Confirm password can't be empty.`,
  CONFIRM_PASSWORD_MISMATCH: msg`Confirm password is not match.`,
  PASSWORDS_MISMATCH: msg`password and confirm password must match`,
  PASSWORDS_MUST_MATCH: msg`Passwords must match`,
  CURRENT_PASSWORD_EMPTY: msg`Current password can't be empty.`,
  SAME_PASSWORD: msg`Old and new password cannot be the same.`,
  OTP_REQUIRED: msg`Please Enter OTP`,
  OTP_EMPTY: msg`Please enter OTP!`,
  OTP_DIGITS: msg`The code must be 6 digits.`,
  TERMS_REQUIRED: msg`Please accept privacy policy & terms of service.`,
  TERMS_REQUIRED_TITLE: msg`Please Accept Privacy Policy and Terms of Service`,
  TERMS_AGREE: msg`Please agree terms`,
  DOMAIN_REQUIRED: msg`enter a valid domain`,
  DOMAIN_NOT_VALID: msg`not a valid domain`,
  DOMAIN_INVALID: msg`The domain name you looking for is not a valid one.`,
  DOMAIN_NAME_REQUIRED: msg`Please Enter Your Domain Name`,
  DOMAIN_NAME_ENTER_VALID: msg`Please Enter Valid Domain Name`,
  DOMAIN_NAME_EMPTY: msg`Domain name can't be empty.`,
  DOMAIN_NAME_NOT_VALID: msg`Domain name is not valid.`,
  DOMAIN_NAME_MANDATORY: msg`domainName key is mandatory.`,
  DOMAIN_VALUE_REQUIRED: msg`Please enter domain value`,
  ANY_ONE_DOMAIN: msg`Please enter any one domain`,
  FOLLOW_LIMIT: msg`You can follow at most 5 domains.`,
  BUDGET_REQUIRED: msg`Please Enter Your budget`,
  BUDGET_EMPTY: msg`Please Enter Budget`,
  PRICE_EMPTY: msg`Domain price can't be empty.`,
  PRICE_NEGATIVE: msg`Domain price can't be negative.`,
  MIN_QUOTE_EMPTY: msg`Minimum quote can't be empty.`,
  MIN_QUOTE_NEGATIVE: msg`Minimum quote can't be negative.`,
  SELL_TOO_MANY: msg`You can submit at most 100 domains at once.`,
  COMMENTS_REQUIRED: msg`Please Enter Comments`,
  PERCENTAGE_INVALID: msg`Percentage must be a whole number from 0 to 100.`,
  PROMO_CODE_INVALID: msg`please enter a valid promo code`,
  DATE_IN_PAST: msg`The date cannot be in the past.`,
  CHANNEL_REQUIRED: msg`Please choose how the owner was contacted.`,
  AMOUNT_INVALID: msg`Please enter a valid amount.`,
  DATE_INVALID: msg`Please enter a valid date.`,
  DATE_IN_FUTURE: msg`The date cannot be in the future.`,
  NOTE_EMPTY: msg`Please write a note.`,
  ESTIMATE_RANGE: msg`The low estimate must not exceed the value, nor the value the high estimate.`,
  SOLD_PRICE_REQUIRED: msg`Please enter the sale price.`,
  SOLD_DATE_REQUIRED: msg`Please enter the sale date.`,
  CLOSE_REASON_REQUIRED: msg`Please give the reason.`,
  ORIGIN_EMPTY: msg`Please enter an origin.`,
  ORIGIN_INVALID: msg`Please enter an origin such as https://www.example.com.`,
  ORIGIN_PATH_OR_QUERY: msg`An origin has no path, query or fragment: enter only https://host or https://host:port.`,
  ORIGIN_NOT_HTTPS: msg`Only https origins are allowed (http only for localhost and 127.0.0.1).`,
  ORIGIN_HOST: msg`Please enter a full host name such as www.example.com (no wildcards).`,
  WEBHOOK_URL_INVALID: msg`Please enter a valid https URL.`,
};

/** A server answer or failure, a schema's field message, or a bare message. */
export type Said =
  | { message?: string | null | undefined; code?: string | null | undefined }
  | string
  | null
  | undefined;

/**
 * The text of `said` in the active language: a success answer by its code (SUCCESS_TEXTS), a field
 * message by its field-message code (FIELD_TEXTS; the code a form or the server gave, else the one its
 * text names in packages/shared/src/field-messages.ts, whose texts are unique). Otherwise (an error
 * answer: lib/api.ts's errorText; a text of no catalogue) the message as sent.
 */
export function messageText(said: Said, i18n: I18n): string {
  const { message, code } = typeof said === 'string' || !said ? { message: said ?? '', code: null } : said;
  const success = code ? SUCCESS_TEXTS[code as SuccessCode] : undefined;
  const fieldCode = message ? fieldMessageCode(message) : undefined;
  const known = success ?? (fieldCode ? FIELD_TEXTS[fieldCode] : undefined);
  return known ? i18n._(known) : (message ?? '');
}
