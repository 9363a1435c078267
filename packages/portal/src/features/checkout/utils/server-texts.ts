import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The server's payment, promo and lead messages (its error catalogue, written out so the catalogue and
 * valibot's chunk stay out of the page's first load; a test holds them equal to the shared
 * errors.ts), the success text and the sandbox's card texts, in the active language. Loaded with the
 * form's actions; a text not here (a card issuer's own) shows as sent.
 */
export const SERVER_TEXTS: Record<string, MessageDescriptor> = {
  'Payment is not completed, please retry.': msg`Payment is not completed, please retry.`,
  'Payment already done.': msg`Payment already done.`,
  'No such PaymentMethod.': msg`No such PaymentMethod.`,
  'Promo code is expired': msg`Promo code is expired`,
  'Promo code is invalid': msg`Promo code is invalid`,
  'Promo code is already used': msg`Promo code is already used`,
  'You have used this promo code already': msg`You have used this promo code already`,
  'Lead UID is missing. Please refresh the page and try again.': msg`Lead UID is missing. Please refresh the page and try again.`,
  'Lead is not found.': msg`Lead is not found.`,
  'Success! The charge has been approved.': msg`Success! The charge has been approved.`,
  'Your card was declined.': msg`Your card was declined.`,
  'Your card has insufficient funds.': msg`Your card has insufficient funds.`,
};

export function serverText(message: string, i18n: I18n): string {
  const descriptor = SERVER_TEXTS[message];
  return descriptor ? i18n._(descriptor) : message;
}
