import { SUCCESS } from '@domain-broker/shared/success';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { translateFormMessage } from '#portal/lib/form-messages.ts';

/**
 * The contact form's messages (the spec's, English in the shared schema's CONTACT_MESSAGES) in the
 * active language. Keyed by the English text rather than by importing the schema module, so the page's
 * first paint does not wait for the schemas and valibot; messages.test.ts checks every message of the
 * schema is here.
 */
export const MESSAGES: Record<string, MessageDescriptor> = {
  'Please Enter Name': msg`Please Enter Name`,
  'Please Enter Valid Email': msg`Please Enter Valid Email`,
  'Please Enter Phone Number': msg`Please Enter Phone Number`,
  'Invalid phone number': msg`Invalid phone number`,
  'Please Enter Valid Domain Name': msg`Please Enter Valid Domain Name`,
  'Please Enter Comments': msg`Please Enter Comments`,
  'Please Enter Your budget': msg`Please Enter Your budget`,
};

export function contactMessage(message: string, i18n: I18n): string {
  const d = MESSAGES[message];
  return d ? i18n._(d) : translateFormMessage(message, i18n);
}

const SUBMITTED = msg`Form Submitted, One of our agents will get back to you within one business day or less.`;

/** The server's answer in the active language (as sent when it is another text). */
export function submittedText(message: string | undefined, i18n: I18n): string {
  return !message || message === SUCCESS.CONTACT_SUBMITTED ? i18n._(SUBMITTED) : message;
}
