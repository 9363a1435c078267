import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The validation messages of the shared schemas are English strings (they are the spec's texts, used by
 * the server too). The forms show them through this map so they appear in the active language; a
 * message not in the map is shown as it is.
 */
export const FORM_MESSAGES: Record<string, MessageDescriptor> = {
  "Email address can't be empty.": msg`Email address can't be empty.`,
  'Email address is not valid.': msg`Email address is not valid.`,
  'Email field should not be empty.': msg`Email field should not be empty.`,
  'Please Enter Valid Email Address': msg`Please Enter Valid Email Address`,
  'Please Enter Valid Email': msg`Please Enter Valid Email`,
  "Password can't be empty.": msg`Password can't be empty.`,
  'Please Enter Password': msg`Please Enter Password`,
  'Password must be at least 8 characters and contain a number, an uppercase letter and a special character (@$!%*?&).': msg`Password must be at least 8 characters and contain a number, an uppercase letter and a special character (@$!%*?&).`,
  "Confirm password can't be empty.": msg`Confirm password can't be empty.`,
  'Confirm password is not match.': msg`Confirm password is not match.`,
  'password and confirm password must match': msg`password and confirm password must match`,
  'Passwords must match': msg`Passwords must match`,
  "Current password can't be empty.": msg`Current password can't be empty.`,
  'Old and new password cannot be the same.': msg`Old and new password cannot be the same.`,
  'Please accept privacy policy & terms of service.': msg`Please accept privacy policy & terms of service.`,
  'Please Accept Privacy Policy and Terms of Service': msg`Please Accept Privacy Policy and Terms of Service`,
  'Please Enter Your Name': msg`Please Enter Your Name`,
  'Please Enter OTP': msg`Please Enter OTP`,
  'Please enter OTP!': msg`Please enter OTP!`,
  'The code must be 6 digits.': msg`The code must be 6 digits.`,
  'Please Enter First Name': msg`Please Enter First Name`,
  'Please Enter Phone Number': msg`Please Enter Phone Number`,
  'Invalid phone number': msg`Invalid phone number`,
  'Invalid entry.': msg`Invalid entry.`,
  'Input value is too long.': msg`Input value is too long.`,
};

export function translateFormMessage(message: string, i18n: I18n): string {
  const descriptor = FORM_MESSAGES[message];
  return descriptor ? i18n._(descriptor) : message;
}
