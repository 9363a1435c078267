/**
 * Success texts the server sends as `message` (the spec's catalogue where it has one). Kept apart from
 * the error catalogue (errors.ts re-exports it) so the portal's first load carries only these.
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
} as const;
