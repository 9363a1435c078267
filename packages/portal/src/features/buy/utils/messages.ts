import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { translateFormMessage } from '#portal/lib/form-messages.ts';

/**
 * The server's texts this flow shows, as the error catalogue has them (@domain-broker/shared/errors; a
 * test holds them equal). Written out here because importing the catalogue would put all of it in a
 * chunk the sign-in screen shares (docs/decisions/030-portal-first-load.md).
 */
export const SERVER_TEXTS = {
  NOT_ALLOWED_CONTACT_ADMIN: 'not allowed, please contact admin',
  LOGIN_AS_USER: 'please login as user to continue',
  DOMAIN_NAME_MANDATORY: 'domainName key is mandatory.',
  LOW_BUDGET_SENT: 'Thank you, our team has been told about your budget.',
} as const;

/** The form schema's texts (@domain-broker/shared/schemas/buy-form, which loads with the first check). */
export const FORM_TEXTS = {
  BUY_DOMAIN_EMPTY_MESSAGE: 'enter a valid domain',
  BUY_DOMAIN_INVALID_MESSAGE: 'not a valid domain',
  BUY_BUDGET_INVALID_MESSAGE: 'Please Enter Your budget',
} as const;

/** The direct enquiry's confirmation (docs/product.md "Buy flow"). */
export const ENQUIRY_CONFIRMATION =
  'Form Submitted, One of our agents will get back to you within one business day or less.';

/**
 * The buy form's and the buy endpoints' English texts (the spec's, from the shared schemas and the
 * server) in the active language; a text not listed shows as sent. The alternate-domain message names
 * the domain, so it is matched by its pattern.
 */
const MESSAGES: Record<string, MessageDescriptor> = {
  [FORM_TEXTS.BUY_DOMAIN_EMPTY_MESSAGE]: msg`enter a valid domain`,
  [FORM_TEXTS.BUY_DOMAIN_INVALID_MESSAGE]: msg`not a valid domain`,
  [FORM_TEXTS.BUY_BUDGET_INVALID_MESSAGE]: msg`Please Enter Your budget`,
  [SERVER_TEXTS.NOT_ALLOWED_CONTACT_ADMIN]: msg`not allowed, please contact admin`,
  [SERVER_TEXTS.LOGIN_AS_USER]: msg`please login as user to continue`,
  [SERVER_TEXTS.DOMAIN_NAME_MANDATORY]: msg`domainName key is mandatory.`,
  [SERVER_TEXTS.LOW_BUDGET_SENT]: msg`Thank you, our team has been told about your budget.`,
  [ENQUIRY_CONFIRMATION]: msg`Form Submitted, One of our agents will get back to you within one business day or less.`,
};

const ALTERNATE = /^You are an existing user, Please add (.+) as an alternate domain\.$/;

export function buyMessage(message: string, i18n: I18n): string {
  const alternate = ALTERNATE.exec(message);
  if (alternate) {
    const domain = alternate[1] ?? '';
    return i18n._(msg`You are an existing user, Please add ${domain} as an alternate domain.`);
  }
  const descriptor = MESSAGES[message];
  return descriptor ? i18n._(descriptor) : translateFormMessage(message, i18n);
}

/** The enquiry's answer: the server's confirmation in the active language (the spec's text if it sent none). */
export function enquiryConfirmationText(message: string | undefined, i18n: I18n): string {
  return buyMessage(message || ENQUIRY_CONFIRMATION, i18n);
}
