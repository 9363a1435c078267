import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { translateFormMessage } from '#portal/lib/form-messages.ts';

/**
 * The enquiry form's messages (the shared schema's English texts) in the active language.
 * Messages the shell already translates go through its map.
 */
const MESSAGES: Record<string, MessageDescriptor> = {
  'Please Enter Your Name': msg`Please Enter Your Name`,
  'Please Enter Valid Email': msg`Please Enter Valid Email`,
  'Please Enter Password': msg`Please Enter Password`,
  'Please Enter Phone Number': msg`Please Enter Phone Number`,
  'Please Enter Valid Phone Number': msg`Please Enter Valid Phone Number`,
  'Please Enter Your Domain Name': msg`Please Enter Your Domain Name`,
  'Please Enter Your budget': msg`Please Enter Your budget`,
  'not a valid domain': msg`not a valid domain`,
};

export function enquiryMessage(message: string, i18n: I18n): string {
  const descriptor = MESSAGES[message];
  return descriptor ? i18n._(descriptor) : translateFormMessage(message, i18n);
}
