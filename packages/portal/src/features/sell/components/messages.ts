import { SELL_MESSAGES } from '@domain-broker/shared/schemas/sell';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { translateFormMessage } from '#portal/lib/form-messages.ts';

/** The sell form's messages (the spec's, English in the shared schema) in the active language. */
const MESSAGES: Record<string, MessageDescriptor> = {
  [SELL_MESSAGES.name]: msg`Full name can't be empty.`,
  [SELL_MESSAGES.emailEmpty]: msg`Email address can't be empty.`,
  [SELL_MESSAGES.emailInvalid]: msg`Email address is not valid.`,
  [SELL_MESSAGES.phoneEmpty]: msg`Phone number can't be empty.`,
  [SELL_MESSAGES.phoneInvalid]: msg`Phone number is not valid.`,
  [SELL_MESSAGES.domainEmpty]: msg`Domain name can't be empty.`,
  [SELL_MESSAGES.domainInvalid]: msg`Domain name is not valid.`,
  [SELL_MESSAGES.priceEmpty]: msg`Domain price can't be empty.`,
  [SELL_MESSAGES.priceNegative]: msg`Domain price can't be negative.`,
  [SELL_MESSAGES.minQuoteEmpty]: msg`Minimum quote can't be empty.`,
  [SELL_MESSAGES.minQuoteNegative]: msg`Minimum quote can't be negative.`,
  [SELL_MESSAGES.terms]: msg`Please accept privacy policy & terms of service.`,
  [SELL_MESSAGES.tooMany]: msg`You can submit at most 100 domains at once.`,
};

export function sellMessage(message: string, i18n: I18n): string {
  const d = MESSAGES[message];
  return d ? i18n._(d) : translateFormMessage(message, i18n);
}
