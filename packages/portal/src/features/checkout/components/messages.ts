import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { translateFormMessage } from '#portal/lib/form-messages.ts';
import { CONSENT_DISCLAIMER_MESSAGE, NAME_ON_CARD_MESSAGE, PROMO_CODE_INVALID } from '../utils/card.ts';

/**
 * The checkout's English messages (the spec's texts, the server's catalogue, the card fields') in the
 * active language. Kept here rather than in lib/form-messages.ts so only the checkout's catalog carries
 * them; anything else goes through the shared map, then shows as sent. The server's answers are
 * translated by utils/server-texts.ts, which loads with the form's actions.
 */
export const CHECKOUT_MESSAGES: Record<string, MessageDescriptor> = {
  // the shared form messages this form can show (same ids as lib/form-messages.ts)
  'Please Accept Privacy Policy and Terms of Service': msg`Please Accept Privacy Policy and Terms of Service`,
  'Invalid phone number': msg`Invalid phone number`,
  [NAME_ON_CARD_MESSAGE]: msg`Please fill out name printed in card or Account holder name`,
  [CONSENT_DISCLAIMER_MESSAGE]: msg`Kindly read the disclaimer before you progress further`,
  [PROMO_CODE_INVALID]: msg`please enter a valid promo code`,
  'Promo code is invalid': msg`Promo code is invalid`,
};

export function useCheckoutMessage() {
  const { i18n } = useLingui();
  return useCallback(
    (message: string) => {
      const descriptor = CHECKOUT_MESSAGES[message];
      return descriptor ? i18n._(descriptor) : translateFormMessage(message, i18n);
    },
    [i18n],
  );
}
