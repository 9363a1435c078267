import { CONTACT_MESSAGES } from '@domain-broker/shared/schemas/contact';
import { SUCCESS } from '@domain-broker/shared/success';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { translateFormMessage } from '../../../lib/form-messages.ts';

/** The contact form's messages (the spec's, English in the shared schema) in the active language. */
const MESSAGES: Record<string, MessageDescriptor> = {
  [CONTACT_MESSAGES.name]: msg`Please Enter Name`,
  [CONTACT_MESSAGES.email]: msg`Please Enter Valid Email`,
  [CONTACT_MESSAGES.phoneEmpty]: msg`Please Enter Phone Number`,
  [CONTACT_MESSAGES.phoneInvalid]: msg`Invalid phone number`,
  [CONTACT_MESSAGES.domain]: msg`Please Enter Valid Domain Name`,
  [CONTACT_MESSAGES.comments]: msg`Please Enter Comments`,
  [CONTACT_MESSAGES.budget]: msg`Please Enter Your budget`,
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
