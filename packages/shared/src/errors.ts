/**
 * The error catalogue: one code per failure, its HTTP status and the English message the client shows.
 * Messages are the spec's server message catalogue wherever it has one
 * (docs/product.md "Messages and errors"); the server answers `{ message, code, errors? }` and the portal may
 * translate by code.
 */
import { type FieldMessageCode, fieldMessageCode } from './field-messages.ts';
import { PRICE_TEXT } from './pricing.ts';

/** One entry of the catalogue: its HTTP status and its message (both kept as literal types). */
const entry = <const S extends number, const M extends string>(status: S, message: M) => ({
  status,
  message,
});

export const ERRORS = {
  // request shape
  VALIDATION_FAILED: entry(400, 'Invalid entry.'),
  INVALID_BODY: entry(400, 'The request body is invalid.'),
  PARSE_ERROR: entry(400, 'Error in parsing request.'),
  PAYLOAD_EMPTY: entry(400, 'Payload is empty.'),
  UNKNOWN_FIELD: entry(400, 'Unknown input field'),
  REQUIRED_FIELD_MISSING: entry(400, 'Required field is missing!'),
  INVALID_DATE: entry(400, 'Invalid date format.'),
  INPUT_TOO_LONG: entry(413, 'Input value is too long.'),
  INVALID_IMAGE: entry(400, 'Invalid image input.'),
  FILE_TYPE_NOT_ALLOWED: entry(415, 'Please upload only .jpg, .jpeg, .png type files.'),

  // accounts and sessions
  INVALID_CREDENTIALS: entry(400, 'Invalid user credentials'),
  USER_NOT_FOUND: entry(404, 'User not found!'),
  EMAIL_NOT_REGISTERED: entry(404, 'Email is not registered.'),
  ACCOUNT_ALREADY_REGISTERED: entry(409, 'This account is already registered… Please login.'),
  EMAIL_INVALID: entry(400, 'Email is not valid, Please enter valid email address.'),
  AUTH_MISSING: entry(401, 'Authorization is missing, is not a Bearer type, or has too many parts.'),
  TOKEN_INVALID: entry(401, 'Token is not valid!'),
  TOKEN_GENERATION_FAILED: entry(500, 'error generating token'),
  TOKEN_VERIFICATION_FAILED: entry(400, 'Error verifying token.'),
  NOT_AUTHORIZED: entry(403, 'You are not authorized to access this page.'),
  PERMISSION_DENIED: entry(403, 'Permission denied!'),
  ACTION_NOT_PERMITTED: entry(403, "you don't have a permission to perform this action"),
  NOT_ALLOWED_CONTACT_ADMIN: entry(403, 'not allowed, please contact admin'),
  LOGIN_AS_USER: entry(403, 'please login as user to continue'),
  ROLE_ID_INVALID: entry(400, 'Role Id is invalid.'),
  ROLE_TYPE_INVALID: entry(400, 'Invalid role type.'),
  OTP_EXPIRED: entry(400, 'OTP Expired!'),
  OTP_INVALID: entry(400, 'The code is not correct, please check it and try again.'),
  SAME_PASSWORD: entry(400, 'Old and new password cannot be the same.'),
  CURRENT_PASSWORD_WRONG: entry(400, 'Current password is not correct.'),
  EMAIL_ALREADY_VERIFIED: entry(409, 'Email is already verified, please login.'),
  GOOGLE_UNAVAILABLE: entry(404, 'Sign in with Google is not available.'),
  LINKEDIN_UNAVAILABLE: entry(404, 'Sign in with LinkedIn is not available.'),
  RATE_LIMITED: entry(429, 'Too many attempts, please wait a few minutes and try again.'),

  // location and robots
  LOCATION_NOT_SUPPORTED: entry(307, 'Our service is not available in your area yet.'),
  ROBOT_DETECTED: entry(451, 'Your activity looks automated, so this request was stopped.'),

  // registrars
  REGISTRAR_UID_MISSING: entry(400, 'Registrar UID is missing'),
  REGISTRAR_NOT_FOUND: entry(404, 'Registrar UID is not found'),
  /** A payout recorded for a month before it is payable (the first day of the following month). */
  PAYOUT_NOT_PAYABLE_YET: entry(
    409,
    'This month is not payable yet: a month becomes payable on the first day of the following month.',
  ),
  // registrar webhooks (docs/webhooks.md)
  /** Not https (http only for localhost outside production), or user:password in it. */
  WEBHOOK_URL_INVALID: entry(400, 'Please enter a valid https URL.'),
  /** Production: a private, loopback or link-local address (no requests into our own network). */
  WEBHOOK_URL_NOT_ALLOWED: entry(400, 'This address cannot receive webhooks: please use a public https URL.'),
  WEBHOOK_ENDPOINT_LIMIT: entry(409, 'You can add at most 10 webhook endpoints.'),
  WEBHOOK_ENDPOINT_NOT_FOUND: entry(404, 'Webhook endpoint is not found.'),
  WEBHOOK_DELIVERY_NOT_FOUND: entry(404, 'Webhook delivery is not found.'),
  /** The admin's Jobs view asked for a job that is not declared (src/jobs/registry.ts). */
  JOB_NOT_FOUND: entry(404, 'Job is not found.'),
  /** A Registrar account that is not linked to a registrar partner. */
  WEBHOOK_NO_REGISTRAR: entry(403, 'Your account is not linked to a registrar.'),
  /** Self-service allowed origins (schemas/registrar-origins.ts; the 20 is MAX_ALLOWED_ORIGINS). */
  ORIGIN_ALREADY_ADDED: entry(409, 'This origin is already in your list.'),
  ORIGIN_LIMIT: entry(409, 'You can register at most 20 origins: remove one first.'),
  ORIGIN_NOT_FOUND: entry(404, 'This origin is not in your list.'),

  // leads, payments, promo (later issues use them; the texts are the spec's)
  LEAD_UID_MISSING: entry(400, 'Lead UID is missing. Please refresh the page and try again.'),
  LEAD_NOT_FOUND: entry(404, 'Lead is not found.'),
  DOMAIN_NAME_MANDATORY: entry(400, 'domainName key is mandatory.'),
  UID_REQUIRED: entry(400, 'UID is required.'),
  /** A buyer with an open paid lead asks for another domain (decision A12); `{domain}` is filled in. */
  LEAD_ADD_AS_ALTERNATE: entry(409, 'You are an existing user, Please add {domain} as an alternate domain.'),
  /** An offer under 500 USD (pricing.ts) or none is an enquiry, not a paid lead (decision A13). */
  LEAD_OFFER_IS_ENQUIRY: entry(
    400,
    `An offer under ${PRICE_TEXT.lowBudgetBelow} USD is handled as an enquiry: please send it with the enquiry form.`,
  ),
  /** The direct enquiry is for offers under 500 USD or none; a larger offer is a lead (POST /leads). */
  ENQUIRY_OFFER_IS_LEAD: entry(
    400,
    `An offer of ${PRICE_TEXT.lowBudgetBelow} USD or more hires a broker: please continue to the checkout.`,
  ),
  /** Domain and offer are fixed once the lead is paid; alternates are added instead. */
  LEAD_NOT_EDITABLE: entry(409, 'The domain and budget of a paid lead cannot be changed.'),
  /** The broker service terms are agreed on a paid lead that is still with its broker (decision A16). */
  LEAD_CLOSED: entry(409, 'This lead is closed.'),
  PAYMENT_NOT_COMPLETED: entry(402, 'Payment is not completed, please retry.'),
  PAYMENT_ALREADY_DONE: entry(409, 'Payment already done.'),
  NO_SUCH_PAYMENT_METHOD: entry(400, 'No such PaymentMethod.'),
  /** The card was refused: the message is the provider's text for the card holder, also under `card`. */
  CARD_DECLINED: entry(402, 'Your card was declined.'),
  /** The sandbox card form: a number, expiry or security code that cannot be a card (under its field). */
  CARD_DETAILS_INVALID: entry(400, 'Your card number is incorrect.'),
  PAYMENT_PROVIDER_UNAVAILABLE: entry(
    503,
    'The payment service cannot be reached right now and nothing was charged. Please try again in a few minutes.',
  ),
  /** Another attempt to pay this lead with a different card is still being processed. */
  PAYMENT_IN_PROGRESS: entry(
    409,
    'A payment for this lead is already in progress, please wait a moment and try again.',
  ),
  PAYMENT_NOT_FOUND: entry(404, 'Payment is not found.'),
  WEBHOOK_SIGNATURE_INVALID: entry(400, 'The webhook signature is not valid.'),
  /** The buyer's refund of a purchase made in error (decision A31) is over: staff decide from then on. */
  REFUND_NOT_ALLOWED: entry(
    409,
    'This purchase can no longer be refunded here: refunds are possible within 7 days of payment and before your broker starts working. Please contact us.',
  ),
  /** Staff refund of a lead that has no paid, unrefunded fee. */
  REFUND_NOT_POSSIBLE: entry(409, 'This lead has no payment to refund.'),
  EBOOK_LIMIT: entry(429, 'You have downloaded E-book two times already.'),
  PROMO_EXPIRED: entry(400, 'Promo code is expired'),
  PROMO_INVALID: entry(400, 'Promo code is invalid'),
  PROMO_USED: entry(400, 'Promo code is already used'),
  PROMO_USED_BY_YOU: entry(400, 'You have used this promo code already'),
  OPPORTUNITY_FAILED: entry(400, 'Failed to create a opportunity, Please contact admin.'),
  /** Five domains per lead in all: its own and four alternates (decision A1). */
  OPPORTUNITY_LIMIT: entry(409, 'You can follow at most 5 domains.'),
  /** `{domain}` is the lead's own domain or an alternate it already follows; filled in. */
  OPPORTUNITY_DUPLICATE: entry(409, 'You already follow {domain} on this lead.'),
  /** Alternates belong to a paid lead the broker is working on (status new). */
  OPPORTUNITY_LEAD_NOT_OPEN: entry(
    409,
    'Alternate domains can be added only to a paid domain your broker is working on.',
  ),
  OPPORTUNITY_NOT_FOUND: entry(404, 'This alternate domain is not found on the lead.'),
  /** The broker has accepted or rejected the alternate: its name stays as it was decided. */
  OPPORTUNITY_NOT_EDITABLE: entry(
    409,
    'Your broker has already decided on this alternate domain: only its budget can be changed.',
  ),
  // the broker workspace (docs/api.md "The broker workspace")
  /** A broker action on a lead that is not paid yet (status pending). */
  LEAD_NOT_PAID: entry(409, 'This lead is not paid yet.'),
  /** An alternate is accepted or rejected once. */
  OPPORTUNITY_ALREADY_DECIDED: entry(409, 'This alternate domain has already been accepted or rejected.'),
  /** Reassignment goes to an active broker (decision B11). */
  CONSULTANT_NOT_ACTIVE: entry(400, 'Please choose an active broker.'),
  /** The buyer's stop of the service (packages/shared/src/agreement.ts canStop). */
  SERVICE_STOP_NOT_POSSIBLE: entry(409, 'The service cannot be stopped now.'),
  SERVICE_STOP_ALREADY_REQUESTED: entry(
    409,
    'You have already asked to stop the service: it ends with the initial term.',
  ),
  /** The Chinese e-book needs a CJK font on the server (CJK_FONT_PATH or the Noto CJK package). */
  EBOOK_UNAVAILABLE: entry(
    503,
    'The e-book in this language cannot be prepared right now. Please try again later or contact us.',
  ),
  /** The e-book comes with the paid broker service (the portal shows the upgrade popup). */
  EBOOK_PAID_ONLY: entry(
    403,
    'The e-book comes with the broker service: upgrade your account to download it.',
  ),
  PHONE_IS_PREFERRED_CONTACT: entry(400, 'Your Phone Number is set as preferred contact in your lead.'),

  // appraisals
  DOMAIN_INVALID: entry(400, 'The domain name you looking for is not a valid one.'),
  // The answer's message and data name the supported extensions (see extensionUnsupportedMessage).
  DOMAIN_EXTENSION_UNSUPPORTED: entry(400, 'This extension is not supported.'),
  // 429, not 401: the portal logs out on every 401, and a guest at the limit has no session to end.
  APPRAISAL_LOGIN_REQUIRED: entry(429, 'Please login to get appraisals'),
  APPRAISAL_DAILY_LIMIT: entry(429, 'you have reached the maximum appraisal limit today'),
  APPRAISAL_SEARCH_LIMIT: entry(429, 'you have reached the domain search limit, please contact support'),
  APPRAISAL_IN_PROGRESS: entry(
    202,
    "I'm working on this appraisal it may take a few minutes, please retry after a few minutes.",
  ),
  NO_SEARCH_HISTORY: entry(404, 'no search history found'),
  APPRAISAL_BLOCKED: entry(
    403,
    'This domain cannot be appraised online, please contact support for a written appraisal.',
  ),
  MANUAL_APPRAISAL_VALUE_REQUIRED: entry(400, 'Please enter domain value'),
  MANUAL_APPRAISAL_EXISTS: entry(409, 'This domain is already exist, still want to overwrite it?'),
  PERCENTAGE_INVALID: entry(400, 'Percentage must be a whole number from 0 to 100.'),
  CERTIFICATE_LINK_EXPIRED: entry(410, 'This certificate link has expired.'),
  SET_PASSWORD_LINK_INVALID: entry(
    400,
    'This link has expired or was already used. Ask an administrator for a new one.',
  ),

  // the admin's Users tab (docs/api.md "Users")
  /**
   * The user form: a website that is not a URL, or none for a registrar (docs/product.md "Validation rules").
   */
  URL_INVALID: entry(400, 'Please enter valid URL'),
  EMAIL_NOT_EDITABLE: entry(400, 'The email address cannot be changed.'),
  /** Removing, deactivating or demoting the only active admin. */
  LAST_ADMIN: entry(409, 'This is the last admin: make another user an admin first.'),
  CANNOT_DELETE_SELF: entry(409, 'You cannot delete your own account.'),

  // selling, contact, unsubscribe
  /** The comment of a sell submission (docs/product.md "Sell submissions"). */
  SELL_COMMENT_EMPTY: entry(400, 'Comment field is empty!'),
  SELL_SUBMISSION_NOT_FOUND: entry(404, 'This submission is not found.'),
  /** The confirmation link of a sell submission is unknown or expired. */
  SELL_VERIFY_LINK_INVALID: entry(
    400,
    'This confirmation link has expired or is not valid. Please submit your domains again.',
  ),
  /** A forged, expired or reused unsubscribe token: nothing changes. */
  UNSUBSCRIBE_LINK_INVALID: entry(
    400,
    'This unsubscribe link is not valid or was already used. Please use the link in a recent email.',
  ),

  // generic
  NOT_FOUND: entry(404, 'Entry not found.'),
  DATA_NOT_FOUND: entry(404, 'Data not found.'),
  ALREADY_EXISTS: entry(409, 'Data already exist.'),
  UPDATE_FAILED: entry(400, 'Update failed.'),
  MAIL_FAILED: entry(502, 'Error in sending mail to.'),
  SERVICE_UNAVAILABLE: entry(503, 'The service is unavailable, please try again shortly.'),
  INTERNAL: entry(500, 'Something went wrong!'),
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export interface FieldError {
  field: string;
  message: string;
  /** The message's code in the field-message catalogue (field-messages.ts), when it is one of its texts. */
  code?: FieldMessageCode;
}

/** A field error with its catalogue code filled in (a message outside the catalogue keeps none). */
export function withFieldCode(error: FieldError): FieldError {
  const code = error.code ?? fieldMessageCode(error.message);
  return code ? { ...error, code } : error;
}

/** The failure body every endpoint answers. */
export interface ErrorBody {
  message: string;
  code: ErrorCode;
  errors?: FieldError[];
}

/** Thrown by services; the server's error handler turns it into the catalogue's answer. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors?: FieldError[];
  readonly data?: unknown;

  constructor(code: ErrorCode, options: { message?: string; errors?: FieldError[]; data?: unknown } = {}) {
    super(options.message ?? ERRORS[code].message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERRORS[code].status;
    this.errors = options.errors?.map(withFieldCode);
    this.data = options.data;
  }

  toJSON(): ErrorBody & { data?: unknown } {
    return {
      message: this.message,
      code: this.code,
      ...(this.errors ? { errors: this.errors } : {}),
      ...(this.data !== undefined ? { data: this.data } : {}),
    };
  }
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorBody).message === 'string' &&
    typeof (value as ErrorBody).code === 'string'
  );
}

// The success texts live in their own module, so a client that shows them (the portal's forms) does not
// load the whole error catalogue with them.
export { SUCCESS, type SuccessCode, success } from './success.ts';
