import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { messageText } from '#portal/lib/messages.ts';

/**
 * The server's texts this flow shows, as the error catalogue has them (@domain-broker/shared/errors; a
 * test holds them equal). Written out here because importing the catalogue would put all of it in a
 * chunk the sign-in screen shares (docs/decisions/030-portal-first-load.md).
 */
export const SERVER_TEXTS = {
  NOT_ALLOWED_CONTACT_ADMIN: 'not allowed, please contact admin',
  LOGIN_AS_USER: 'please login as user to continue',
  DOMAIN_NAME_MANDATORY: 'domainName key is mandatory.',
} as const;

/** The direct enquiry's confirmation (docs/product.md "Buy flow"). */
export const ENQUIRY_CONFIRMATION =
  'Form Submitted, One of our agents will get back to you within one business day or less.';

/**
 * The buy endpoints' refusals this flow shows (their English texts, as errorText hands them on) in the
 * active language; the form's messages and the success answers go by their code (lib/messages.ts). The
 * alternate-domain message names the domain, so it is matched by its pattern.
 */
const MESSAGES: Record<string, MessageDescriptor> = {
  [SERVER_TEXTS.NOT_ALLOWED_CONTACT_ADMIN]: msg`not allowed, please contact admin`,
  [SERVER_TEXTS.LOGIN_AS_USER]: msg`please login as user to continue`,
  [SERVER_TEXTS.DOMAIN_NAME_MANDATORY]: msg`domainName key is mandatory.`,
};

const ALTERNATE = /^You are an existing user, Please add (.+) as an alternate domain\.$/;

export function buyMessage(message: string, i18n: I18n): string {
  const alternate = ALTERNATE.exec(message);
  if (alternate) {
    const domain = alternate[1] ?? '';
    return i18n._(msg`You are an existing user, Please add ${domain} as an alternate domain.`);
  }
  const descriptor = MESSAGES[message];
  return descriptor ? i18n._(descriptor) : messageText(message, i18n);
}

/** The enquiry's answer: the server's confirmation in the active language, by its code (the spec's text if it sent none). */
export function enquiryConfirmationText(answer: { message?: string; code?: string }, i18n: I18n): string {
  return messageText(
    answer.message ? answer : { message: ENQUIRY_CONFIRMATION, code: 'ENQUIRY_SUBMITTED' },
    i18n,
  );
}
