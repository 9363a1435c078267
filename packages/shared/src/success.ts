/**
 * The success catalogue: every success text the server sends, by code (the spec's catalogue where it
 * has one). The server answers `{ message, code, data? }` (built by `success` below): `message` is the
 * English text, `code` the key, and the portal translates by the code (packages/portal/src/lib/messages.ts).
 * Kept apart from the error catalogue (errors.ts re-exports it) so the portal's first load carries only these.
 */
export const SUCCESS = {
  VERIFICATION_SENT: 'OTP sent to email address, and it will expire in the next 10 minutes.',
  EMAIL_VERIFICATION_REQUIRED: 'Please verify your email address: we sent a code to your inbox.',
  PASSWORD_SENT: 'Please check your registered email for your temporary password.',
  EMAIL_VERIFIED: 'Your email address is verified.',
  LOGGED_IN: 'Logged in successfully.',
  /** Self-service allowed origins (schemas/registrar-origins.ts). */
  ORIGIN_ADDED: 'Origin added: the widget may now be embedded there.',
  ORIGIN_REMOVED: 'Origin removed: the widget no longer appears there.',
  LOGGED_OUT: 'Logged out successfully.',
  PASSWORD_CHANGED: 'Password changed successfully',
  PASSWORD_SET: 'Your password is set, please sign in.',
  PASSWORD_RESET: 'Your password has been reset, please sign in with the new password.',
  PROFILE_UPDATED: 'User Details Updated Successfully',
  USER_EXISTS: 'User already exists, please login!',
  CERTIFICATE_SENT: 'Appraisal certificate sent to your email address',
  DOMAIN_DETAILS_UPDATED: 'Updated domain details',
  DELETED: 'Deleted successfully',
  CATEGORY_UPDATED: 'Category updated successfully',
  SEARCHES_ATTACHED: 'Recent searches added to your account',
  LEAD_UPDATED: 'Lead updated successfully',
  /** The survey's first save (`{domain}` is filled in); later saves answer SURVEY_UPDATED (decision A21). */
  SURVEY_COMPLETED:
    'Thank you for the information. Your Domain Broker will be conducting some preliminary research regarding, {domain} and will get back to you in one to two business days.',
  SURVEY_UPDATED: 'Domain details updated',
  BROKER_TERMS_AGREED: 'Broker service terms agreed',
  OPPORTUNITIES_SAVED: 'Your alternate domains are saved: your broker will review them.',
  PROMO_CREATED: 'Promo code created successfully',
  PAYMENT_APPROVED: 'Success! The charge has been approved.',
  ENQUIRY_SUBMITTED:
    'Form Submitted, One of our agents will get back to you within one business day or less.',
  /** Contact Us (docs/product.md "Contact Us"): the same words as the direct enquiry. */
  CONTACT_SUBMITTED:
    'Form Submitted, One of our agents will get back to you within one business day or less.',
  /** The sell submission: stored; the address is confirmed by the link in the mail. */
  SELL_SUBMITTED:
    'Thank you, we received your domains. Please confirm your email address with the link we sent you.',
  /** The sell submission of a signed-in seller whose address is already confirmed. */
  SELL_SUBMITTED_VERIFIED: 'Thank you, we received your domains.',
  SELL_COMMENT_SAVED: 'Thank you, your comment was added.',
  UNSUBSCRIBED: 'You are unsubscribed: we will not send you these emails again.',
  RESUBSCRIBED: 'These emails are turned back on.',
  LOW_BUDGET_SENT: 'Thank you, our team has been told about your budget.',
  REFUNDED: 'Your payment has been refunded.',
  /** The registrar enquiry's 203: counted, but the offer is under what a registered domain's owner accepts. */
  REGISTERED_DOMAIN_LOW_BUDGET: 'Your budget is below what owners of registered domains usually accept.',
  /** A share link of an appraisal certificate. */
  SHARE_LINK_CREATED: 'Share link created',

  // the admin's Users tab (the spec's texts: 'User Deleted', 'User updated successfully')
  USER_CREATED: 'User created successfully: we sent them a link to set their password.',
  USER_UPDATED: 'User updated successfully',
  USER_DELETED: 'User Deleted',
  PRIVILEGES_UPDATED: 'Privileges updated successfully',
  /** The admin's premium flag of a seller's domain. */
  PREMIUM_FLAG_UPDATED: 'Premium flag updated',

  // the broker workspace and the buyer's side of it (docs/api.md "The broker workspace")
  TIMELINE_UPDATED: 'Timeline updated',
  MARKET_ANALYSIS_SAVED: 'Market analysis saved',
  ALTERNATE_DECIDED: 'Alternate domain updated',
  /** A broker closes a lead (sold or canceled): the same words as LEAD_UPDATED. */
  LEAD_CLOSE_SAVED: 'Lead updated successfully',
  LEAD_REASSIGNED: 'Lead reassigned',
  BUYER_MESSAGE_SENT: 'Message sent to your broker',
  SERVICE_STOP_RECORDED: 'Your request to stop the service is recorded',

  // registrar payouts and webhooks (docs/webhooks.md)
  PAYOUT_RECORDED: 'Payout recorded',
  WEBHOOK_ENDPOINT_ADDED: 'Webhook endpoint added',
  WEBHOOK_ENDPOINT_UPDATED: 'Webhook endpoint updated',
  WEBHOOK_ENDPOINT_DELETED: 'Webhook endpoint deleted',
  WEBHOOK_SECRET_ROTATED: 'Signing secret rotated',
  WEBHOOK_TEST_SENT: 'Test event sent',
  WEBHOOK_REDELIVERY_QUEUED: 'Redelivery queued',
  /** Development only: a sample mail of the catalogue is queued (GET /api/dev/mail-catalogue). */
  MAIL_QUEUED: 'Queued',
} as const;

export type SuccessCode = keyof typeof SUCCESS;

/** A success answer with a message: the catalogue's English text, its code and the answer's data. */
export interface SuccessBody<T = unknown> {
  message: string;
  code: SuccessCode;
  data?: T;
}

/**
 * The one way to build a success answer with a message: `success('PROFILE_UPDATED', { data })`.
 * `values` fill the text's `{name}` placeholders (SURVEY_COMPLETED names the domain).
 */
export function success<const C extends SuccessCode, T = never>(
  code: C,
  extra: { data?: T; values?: Record<string, string> } = {},
): { message: string; code: C } & ([T] extends [never] ? unknown : { data: T }) {
  let message: string = SUCCESS[code];
  for (const [name, value] of Object.entries(extra.values ?? {}))
    message = message.replace(`{${name}}`, value);
  return {
    message,
    code,
    ...('data' in extra ? { data: extra.data } : {}),
  } as { message: string; code: C } & ([T] extends [never] ? unknown : { data: T });
}

/** Whether a body is a success answer of the catalogue (it carries a known code). */
export function isSuccessBody(value: unknown): value is SuccessBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as SuccessBody).message === 'string' &&
    typeof (value as SuccessBody).code === 'string' &&
    (value as SuccessBody).code in SUCCESS
  );
}
