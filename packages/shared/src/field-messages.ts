/**
 * The field-message catalogue: every text a shared schema (packages/shared/src/schemas) reports under a
 * field, by code. The schemas take their texts from here; the server answers them in `errors[].message`
 * (with `errors[].code`), and the portal translates by the code (packages/portal/src/lib/messages.ts),
 * never by the English text. Texts are the spec's where it has one (docs/product.md "Validation rules");
 * several differ only in capitals because the spec's screens do.
 */
export const FIELD_MESSAGES = {
  // any field
  INVALID_ENTRY: 'Invalid entry.',
  TOO_LONG: 'Input value is too long.',
  UNKNOWN_FIELD: 'Unknown input field',
  DATE_FORMAT_INVALID: 'Invalid date format.',
  ROLE_TYPE_INVALID: 'Invalid role type.',

  // names and contact details
  NAME_REQUIRED: 'Please Enter Your Name',
  NAME_EMPTY: 'Please Enter Name',
  FULL_NAME_EMPTY: "Full name can't be empty.",
  FIRST_NAME_REQUIRED: 'Please Enter First Name',
  EMAIL_EMPTY: "Email address can't be empty.",
  EMAIL_NOT_VALID: 'Email address is not valid.',
  EMAIL_FIELD_EMPTY: 'Email field should not be empty.',
  EMAIL_ADDRESS_INVALID: 'Please Enter Valid Email Address',
  EMAIL_ENTER_VALID: 'Please Enter Valid Email',
  EMAIL_PLEASE_ENTER_VALID: 'Email is not valid, Please enter valid email address.',
  PHONE_REQUIRED: 'Please Enter Phone Number',
  PHONE_INVALID: 'Invalid phone number',
  PHONE_ENTER_VALID: 'Please Enter Valid Phone Number',
  PHONE_EMPTY: "Phone number can't be empty.",
  PHONE_NOT_VALID: 'Phone number is not valid.',
  URL_INVALID: 'Please enter valid URL',
  ROLE_REQUIRED: 'Role is required',
  /** The admin's user form: the address belongs to another account. */
  USER_EMAIL_EXISTS: 'A user with this email already exists.',
  ROLE_ID_INVALID: 'Role Id is invalid.',

  // passwords, codes and links
  PASSWORD_EMPTY: "Password can't be empty.",
  PASSWORD_REQUIRED: 'Please Enter Password',
  PASSWORD_RULE:
    'Password must be at least 8 characters and contain a number, an uppercase letter and a special character (@$!%*?&).',
  CONFIRM_PASSWORD_EMPTY: "Confirm password can't be empty.",
  CONFIRM_PASSWORD_MISMATCH: 'Confirm password is not match.',
  PASSWORDS_MISMATCH: 'password and confirm password must match',
  PASSWORDS_MUST_MATCH: 'Passwords must match',
  CURRENT_PASSWORD_EMPTY: "Current password can't be empty.",
  SAME_PASSWORD: 'Old and new password cannot be the same.',
  OTP_REQUIRED: 'Please Enter OTP',
  OTP_EMPTY: 'Please enter OTP!',
  OTP_DIGITS: 'The code must be 6 digits.',
  LINK_INVALID: 'This link is not valid.',
  TOKEN_INVALID: 'Error verifying token.',
  TERMS_REQUIRED: 'Please accept privacy policy & terms of service.',
  TERMS_REQUIRED_TITLE: 'Please Accept Privacy Policy and Terms of Service',
  TERMS_AGREE: 'Please agree terms',

  // domains and budgets
  DOMAIN_REQUIRED: 'enter a valid domain',
  DOMAIN_NOT_VALID: 'not a valid domain',
  DOMAIN_INVALID: 'The domain name you looking for is not a valid one.',
  DOMAIN_NAME_REQUIRED: 'Please Enter Your Domain Name',
  DOMAIN_NAME_ENTER_VALID: 'Please Enter Valid Domain Name',
  DOMAIN_NAME_EMPTY: "Domain name can't be empty.",
  DOMAIN_NAME_NOT_VALID: 'Domain name is not valid.',
  DOMAIN_NAME_MANDATORY: 'domainName key is mandatory.',
  DOMAIN_VALUE_REQUIRED: 'Please enter domain value',
  ANY_ONE_DOMAIN: 'Please enter any one domain',
  FOLLOW_LIMIT: 'You can follow at most 5 domains.',
  BUDGET_REQUIRED: 'Please Enter Your budget',
  BUDGET_EMPTY: 'Please Enter Budget',
  PRICE_EMPTY: "Domain price can't be empty.",
  PRICE_NEGATIVE: "Domain price can't be negative.",
  MIN_QUOTE_EMPTY: "Minimum quote can't be empty.",
  MIN_QUOTE_NEGATIVE: "Minimum quote can't be negative.",
  SELL_TOO_MANY: 'You can submit at most 100 domains at once.',
  COMMENT_EMPTY: 'Comment field is empty!',
  COMMENTS_REQUIRED: 'Please Enter Comments',
  PERCENTAGE_INVALID: 'Percentage must be a whole number from 0 to 100.',

  // checkout and promo codes
  PROMO_CODE_INVALID: 'please enter a valid promo code',
  OFFER_PERCENT: 'Offer percent must be 100.',
  DATE_IN_PAST: 'The date cannot be in the past.',
  CARD_NUMBER_INCORRECT: 'Your card number is incorrect.',
  REASON_REQUIRED: 'Please enter a reason.',

  // the broker workspace
  CHANNEL_REQUIRED: 'Please choose how the owner was contacted.',
  AMOUNT_INVALID: 'Please enter a valid amount.',
  DATE_INVALID: 'Please enter a valid date.',
  DATE_IN_FUTURE: 'The date cannot be in the future.',
  DATE_BEFORE_PAYMENT: 'The date cannot be before the payment.',
  NOTE_EMPTY: 'Please write a note.',
  MESSAGE_EMPTY: 'Please write a message.',
  ESTIMATE_RANGE: 'The low estimate must not exceed the value, nor the value the high estimate.',
  SOLD_PRICE_REQUIRED: 'Please enter the sale price.',
  SOLD_DATE_REQUIRED: 'Please enter the sale date.',
  CLOSE_REASON_REQUIRED: 'Please give the reason.',

  // registrars: payouts, origins, webhooks, reconciliation
  DATE_RANGE: 'The end date must be on or after the start date.',
  PAID_IN_FUTURE: 'The payment date cannot be in the future.',
  MONTH_INVALID: 'Please choose a month as YYYY-MM.',
  FUTURE_MONTH: 'Reconciliation is not available for future months.',
  ORIGIN_EMPTY: 'Please enter an origin.',
  ORIGIN_INVALID: 'Please enter an origin such as https://www.example.com.',
  ORIGIN_PATH_OR_QUERY:
    'An origin has no path, query or fragment: enter only https://host or https://host:port.',
  ORIGIN_NOT_HTTPS: 'Only https origins are allowed (http only for localhost and 127.0.0.1).',
  ORIGIN_HOST: 'Please enter a full host name such as www.example.com (no wildcards).',
  WEBHOOK_URL_INVALID: 'Please enter a valid https URL.',
  EBOOK_LOCALE: 'The e-book is available in en and zh.',
} as const;

export type FieldMessageCode = keyof typeof FIELD_MESSAGES;

const CODE_OF = new Map<string, FieldMessageCode>(
  (Object.entries(FIELD_MESSAGES) as [FieldMessageCode, string][]).map(([code, text]) => [text, code]),
);

/**
 * The code of a schema's message: valibot reports the text a schema was given, and each text of the
 * catalogue is unique (a test holds it), so the text names its code. The one place a text is read back
 * to its code; undefined for a text outside the catalogue (a server message with its own code).
 */
export function fieldMessageCode(message: string): FieldMessageCode | undefined {
  return CODE_OF.get(message);
}
