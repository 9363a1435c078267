import { SUCCESS } from '@domain-broker/shared/success';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The server's success texts (English) and their translations. */
const SUCCESS_TEXTS: Record<string, MessageDescriptor> = {
  [SUCCESS.VERIFICATION_SENT]: msg`OTP sent to email address, and it will expire in the next 10 minutes.`,
  [SUCCESS.EMAIL_VERIFICATION_REQUIRED]: msg`Please verify your email address: we sent a code to your inbox.`,
  [SUCCESS.PASSWORD_SENT]: msg`Please check your registered email for your temporary password.`,
  [SUCCESS.EMAIL_VERIFIED]: msg`Your email address is verified.`,
  [SUCCESS.LOGGED_IN]: msg`Logged in successfully.`,
  [SUCCESS.PASSWORD_CHANGED]: msg`Password changed successfully`,
  [SUCCESS.PASSWORD_RESET]: msg`Your password has been reset, please sign in with the new password.`,
  [SUCCESS.PROFILE_UPDATED]: msg`User Details Updated Successfully`,
  [SUCCESS.USER_EXISTS]: msg`User already exists, please login!`,
};

/** A server success message in the active language (as sent when it is not a known one). */
export function successText(message: string | undefined, i18n: I18n): string {
  if (!message) return '';
  const descriptor = SUCCESS_TEXTS[message];
  return descriptor ? i18n._(descriptor) : message;
}
