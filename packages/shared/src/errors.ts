/**
 * The error catalogue: one code per failure, its HTTP status and the English message the client shows.
 * Messages are the spec's server message catalogue wherever it has one (post-purchase-back-office.md §8);
 * the server answers `{ message, code, errors? }` and the portal may translate by code.
 */
import { PRICE_TEXT } from './pricing.ts';

export const ERRORS = {
  // request shape
  VALIDATION_FAILED: { status: 400, message: 'Invalid entry.' },
  INVALID_BODY: { status: 400, message: 'The request body is invalid.' },
  PARSE_ERROR: { status: 400, message: 'Error in parsing request.' },
  PAYLOAD_EMPTY: { status: 400, message: 'Payload is empty.' },
  UNKNOWN_FIELD: { status: 400, message: 'Unknown input field' },
  REQUIRED_FIELD_MISSING: { status: 400, message: 'Required field is missing!' },
  INVALID_DATE: { status: 400, message: 'Invalid date format.' },
  INPUT_TOO_LONG: { status: 413, message: 'Input value is too long.' },
  INVALID_IMAGE: { status: 400, message: 'Invalid image input.' },
  FILE_TYPE_NOT_ALLOWED: { status: 415, message: 'Please upload only .jpg, .jpeg, .png type files.' },

  // accounts and sessions
  INVALID_CREDENTIALS: { status: 400, message: 'Invalid user credentials' },
  USER_NOT_FOUND: { status: 404, message: 'User not found!' },
  EMAIL_NOT_REGISTERED: { status: 404, message: 'Email is not registered.' },
  ACCOUNT_ALREADY_REGISTERED: { status: 409, message: 'This account is already registered… Please login.' },
  EMAIL_INVALID: { status: 400, message: 'Email is not valid, Please enter valid email address.' },
  AUTH_MISSING: {
    status: 401,
    message: 'Authorization is missing, is not a Bearer type, or has too many parts.',
  },
  TOKEN_INVALID: { status: 401, message: 'Token is not valid!' },
  TOKEN_GENERATION_FAILED: { status: 500, message: 'error generating token' },
  TOKEN_VERIFICATION_FAILED: { status: 400, message: 'Error verifying token.' },
  NOT_AUTHORIZED: { status: 403, message: 'You are not authorized to access this page.' },
  PERMISSION_DENIED: { status: 403, message: 'Permission denied!' },
  ACTION_NOT_PERMITTED: { status: 403, message: "you don't have a permission to perform this action" },
  NOT_ALLOWED_CONTACT_ADMIN: { status: 403, message: 'not allowed, please contact admin' },
  LOGIN_AS_USER: { status: 403, message: 'please login as user to continue' },
  ROLE_ID_INVALID: { status: 400, message: 'Role Id is invalid.' },
  ROLE_TYPE_INVALID: { status: 400, message: 'Invalid role type.' },
  OTP_EXPIRED: { status: 400, message: 'OTP Expired!' },
  OTP_INVALID: { status: 400, message: 'The code is not correct, please check it and try again.' },
  SAME_PASSWORD: { status: 400, message: 'Old and new password cannot be the same.' },
  CURRENT_PASSWORD_WRONG: { status: 400, message: 'Current password is not correct.' },
  EMAIL_ALREADY_VERIFIED: { status: 409, message: 'Email is already verified, please login.' },
  GOOGLE_UNAVAILABLE: { status: 404, message: 'Sign in with Google is not available.' },
  LINKEDIN_UNAVAILABLE: { status: 404, message: 'Sign in with LinkedIn is not available.' },
  RATE_LIMITED: { status: 429, message: 'Too many attempts, please wait a few minutes and try again.' },

  // location and robots
  LOCATION_NOT_SUPPORTED: { status: 307, message: 'Our service is not available in your area yet.' },
  ROBOT_DETECTED: { status: 451, message: 'Your activity looks automated, so this request was stopped.' },

  // registrars
  REGISTRAR_UID_MISSING: { status: 400, message: 'Registrar UID is missing' },
  REGISTRAR_NOT_FOUND: { status: 404, message: 'Registrar UID is not found' },
  /** A payout recorded for a month before it is payable (the first day of the following month). */
  PAYOUT_NOT_PAYABLE_YET: {
    status: 409,
    message:
      'This month is not payable yet: a month becomes payable on the first day of the following month.',
  },
  // registrar webhooks (issue 15, docs/webhooks.md)
  /** Not https (http only for localhost outside production), or user:password in it. */
  WEBHOOK_URL_INVALID: { status: 400, message: 'Please enter a valid https URL.' },
  /** Production: a private, loopback or link-local address (no requests into our own network). */
  WEBHOOK_URL_NOT_ALLOWED: {
    status: 400,
    message: 'This address cannot receive webhooks: please use a public https URL.',
  },
  WEBHOOK_ENDPOINT_LIMIT: { status: 409, message: 'You can add at most 10 webhook endpoints.' },
  WEBHOOK_ENDPOINT_NOT_FOUND: { status: 404, message: 'Webhook endpoint is not found.' },
  WEBHOOK_DELIVERY_NOT_FOUND: { status: 404, message: 'Webhook delivery is not found.' },
  /** A Registrar account that is not linked to a registrar partner. */
  WEBHOOK_NO_REGISTRAR: { status: 403, message: 'Your account is not linked to a registrar.' },
  /** Self-service allowed origins (schemas/registrar-origins.ts; the 20 is MAX_ALLOWED_ORIGINS). */
  ORIGIN_ALREADY_ADDED: { status: 409, message: 'This origin is already in your list.' },
  ORIGIN_LIMIT: { status: 409, message: 'You can register at most 20 origins: remove one first.' },
  ORIGIN_NOT_FOUND: { status: 404, message: 'This origin is not in your list.' },

  // leads, payments, promo (later issues use them; the texts are the spec's)
  LEAD_UID_MISSING: { status: 400, message: 'Lead UID is missing. Please refresh the page and try again.' },
  LEAD_NOT_FOUND: { status: 404, message: 'Lead is not found.' },
  DOMAIN_NAME_MANDATORY: { status: 400, message: 'domainName key is mandatory.' },
  UID_REQUIRED: { status: 400, message: 'UID is required.' },
  /** A buyer with an open paid lead asks for another domain (decision A12); `{domain}` is filled in. */
  LEAD_ADD_AS_ALTERNATE: {
    status: 409,
    message: 'You are an existing user, Please add {domain} as an alternate domain.',
  },
  /** An offer under 500 USD (pricing.ts) or none is an enquiry, not a paid lead (decision A13). */
  LEAD_OFFER_IS_ENQUIRY: {
    status: 400,
    message: `An offer under ${PRICE_TEXT.lowBudgetBelow} USD is handled as an enquiry: please send it with the enquiry form.`,
  },
  /** The direct enquiry is for offers under 500 USD or none; a larger offer is a lead (POST /leads). */
  ENQUIRY_OFFER_IS_LEAD: {
    status: 400,
    message: `An offer of ${PRICE_TEXT.lowBudgetBelow} USD or more hires a broker: please continue to the checkout.`,
  },
  /** Domain and offer are fixed once the lead is paid; alternates are added instead. */
  LEAD_NOT_EDITABLE: { status: 409, message: 'The domain and budget of a paid lead cannot be changed.' },
  /** The broker service terms are agreed on a paid lead that is still with its broker (decision A16). */
  LEAD_CLOSED: { status: 409, message: 'This lead is closed.' },
  PAYMENT_NOT_COMPLETED: { status: 402, message: 'Payment is not completed, please retry.' },
  PAYMENT_ALREADY_DONE: { status: 409, message: 'Payment already done.' },
  NO_SUCH_PAYMENT_METHOD: { status: 400, message: 'No such PaymentMethod.' },
  /** The card was refused: the message is the provider's text for the card holder, also under `card`. */
  CARD_DECLINED: { status: 402, message: 'Your card was declined.' },
  /** The sandbox card form: a number, expiry or security code that cannot be a card (under its field). */
  CARD_DETAILS_INVALID: { status: 400, message: 'Your card number is incorrect.' },
  PAYMENT_PROVIDER_UNAVAILABLE: {
    status: 503,
    message:
      'The payment service cannot be reached right now and nothing was charged. Please try again in a few minutes.',
  },
  /** Another attempt to pay this lead with a different card is still being processed. */
  PAYMENT_IN_PROGRESS: {
    status: 409,
    message: 'A payment for this lead is already in progress, please wait a moment and try again.',
  },
  PAYMENT_NOT_FOUND: { status: 404, message: 'Payment is not found.' },
  WEBHOOK_SIGNATURE_INVALID: { status: 400, message: 'The webhook signature is not valid.' },
  /** The buyer's refund of a purchase made in error (decision A31) is over: staff decide from then on. */
  REFUND_NOT_ALLOWED: {
    status: 409,
    message:
      'This purchase can no longer be refunded here: refunds are possible within 7 days of payment and before your broker starts working. Please contact us.',
  },
  /** Staff refund of a lead that has no paid, unrefunded fee. */
  REFUND_NOT_POSSIBLE: { status: 409, message: 'This lead has no payment to refund.' },
  EBOOK_LIMIT: { status: 429, message: 'You have downloaded E-book two times already.' },
  PROMO_EXPIRED: { status: 400, message: 'Promo code is expired' },
  PROMO_INVALID: { status: 400, message: 'Promo code is invalid' },
  PROMO_USED: { status: 400, message: 'Promo code is already used' },
  PROMO_USED_BY_YOU: { status: 400, message: 'You have used this promo code already' },
  OPPORTUNITY_FAILED: { status: 400, message: 'Failed to create a opportunity, Please contact admin.' },
  /** Five domains per lead in all: its own and four alternates (decision A1). */
  OPPORTUNITY_LIMIT: { status: 409, message: 'You can follow at most 5 domains.' },
  /** `{domain}` is the lead's own domain or an alternate it already follows; filled in. */
  OPPORTUNITY_DUPLICATE: { status: 409, message: 'You already follow {domain} on this lead.' },
  /** Alternates belong to a paid lead the broker is working on (status new). */
  OPPORTUNITY_LEAD_NOT_OPEN: {
    status: 409,
    message: 'Alternate domains can be added only to a paid domain your broker is working on.',
  },
  OPPORTUNITY_NOT_FOUND: { status: 404, message: 'This alternate domain is not found on the lead.' },
  /** The broker has accepted or rejected the alternate: its name stays as it was decided. */
  OPPORTUNITY_NOT_EDITABLE: {
    status: 409,
    message: 'Your broker has already decided on this alternate domain: only its budget can be changed.',
  },
  // the broker workspace (issue 13)
  /** A broker action on a lead that is not paid yet (status pending). */
  LEAD_NOT_PAID: { status: 409, message: 'This lead is not paid yet.' },
  /** An alternate is accepted or rejected once. */
  OPPORTUNITY_ALREADY_DECIDED: {
    status: 409,
    message: 'This alternate domain has already been accepted or rejected.',
  },
  /** Reassignment goes to an active broker (decision B11). */
  CONSULTANT_NOT_ACTIVE: { status: 400, message: 'Please choose an active broker.' },
  /** The buyer's stop of the service (packages/shared/src/agreement.ts canStop). */
  SERVICE_STOP_NOT_POSSIBLE: { status: 409, message: 'The service cannot be stopped now.' },
  SERVICE_STOP_ALREADY_REQUESTED: {
    status: 409,
    message: 'You have already asked to stop the service: it ends with the initial term.',
  },
  /** The Chinese e-book needs a CJK font on the server (CJK_FONT_PATH or the Noto CJK package). */
  EBOOK_UNAVAILABLE: {
    status: 503,
    message:
      'The e-book in this language cannot be prepared right now. Please try again later or contact us.',
  },
  /** The e-book comes with the paid broker service (the portal shows the upgrade popup). */
  EBOOK_PAID_ONLY: {
    status: 403,
    message: 'The e-book comes with the broker service: upgrade your account to download it.',
  },
  PHONE_IS_PREFERRED_CONTACT: {
    status: 400,
    message: 'Your Phone Number is set as preferred contact in your lead.',
  },

  // appraisals
  DOMAIN_INVALID: { status: 400, message: 'The domain name you looking for is not a valid one.' },
  // The answer's message and data name the supported extensions (see extensionUnsupportedMessage).
  DOMAIN_EXTENSION_UNSUPPORTED: { status: 400, message: 'This extension is not supported.' },
  // 429, not 401: the portal logs out on every 401, and a guest at the limit has no session to end.
  APPRAISAL_LOGIN_REQUIRED: { status: 429, message: 'Please login to get appraisals' },
  APPRAISAL_DAILY_LIMIT: { status: 429, message: 'you have reached the maximum appraisal limit today' },
  APPRAISAL_SEARCH_LIMIT: {
    status: 429,
    message: 'you have reached the domain search limit, please contact support',
  },
  APPRAISAL_IN_PROGRESS: {
    status: 202,
    message: "I'm working on this appraisal it may take a few minutes, please retry after a few minutes.",
  },
  NO_SEARCH_HISTORY: { status: 404, message: 'no search history found' },
  APPRAISAL_BLOCKED: {
    status: 403,
    message: 'This domain cannot be appraised online, please contact support for a written appraisal.',
  },
  MANUAL_APPRAISAL_VALUE_REQUIRED: { status: 400, message: 'Please enter domain value' },
  MANUAL_APPRAISAL_EXISTS: {
    status: 409,
    message: 'This domain is already exist, still want to overwrite it?',
  },
  PERCENTAGE_INVALID: { status: 400, message: 'Percentage must be a whole number from 0 to 100.' },
  CERTIFICATE_LINK_EXPIRED: { status: 410, message: 'This certificate link has expired.' },
  SET_PASSWORD_LINK_INVALID: {
    status: 400,
    message: 'This link has expired or was already used. Ask an administrator for a new one.',
  },

  // the admin's Users tab (issue 14)
  /** The user form: a website that is not a URL, or none for a registrar (spec §5, §8). */
  URL_INVALID: { status: 400, message: 'Please enter valid URL' },
  EMAIL_NOT_EDITABLE: { status: 400, message: 'The email address cannot be changed.' },
  /** Removing, deactivating or demoting the only active admin. */
  LAST_ADMIN: {
    status: 409,
    message: 'This is the last admin: make another user an admin first.',
  },
  CANNOT_DELETE_SELF: { status: 409, message: 'You cannot delete your own account.' },

  // selling, contact, unsubscribe
  /** The comment of a sell submission (spec §5). */
  SELL_COMMENT_EMPTY: { status: 400, message: 'Comment field is empty!' },
  SELL_SUBMISSION_NOT_FOUND: { status: 404, message: 'This submission is not found.' },
  /** The confirmation link of a sell submission is unknown or expired. */
  SELL_VERIFY_LINK_INVALID: {
    status: 400,
    message: 'This confirmation link has expired or is not valid. Please submit your domains again.',
  },
  /** A forged, expired or reused unsubscribe token: nothing changes. */
  UNSUBSCRIBE_LINK_INVALID: {
    status: 400,
    message: 'This unsubscribe link is not valid or was already used. Please use the link in a recent email.',
  },

  // generic
  NOT_FOUND: { status: 404, message: 'Entry not found.' },
  DATA_NOT_FOUND: { status: 404, message: 'Data not found.' },
  ALREADY_EXISTS: { status: 409, message: 'Data already exist.' },
  UPDATE_FAILED: { status: 400, message: 'Update failed.' },
  MAIL_FAILED: { status: 502, message: 'Error in sending mail to.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is unavailable, please try again shortly.' },
  INTERNAL: { status: 500, message: 'Something went wrong!' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export interface FieldError {
  field: string;
  message: string;
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
    this.errors = options.errors;
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
export { SUCCESS } from './success.ts';
