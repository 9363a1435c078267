import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { messageText } from '#portal/lib/messages.ts';
import { CONSENT_DISCLAIMER_MESSAGE, NAME_ON_CARD_MESSAGE } from '../utils/card.ts';

/**
 * The checkout's own card-field messages (utils/card.ts) in the active language; the shared schemas'
 * field messages go by their code (lib/messages.ts), then a text shows as sent. The server's answers are
 * translated by utils/server-texts.ts, which loads with the form's actions.
 */
export const CHECKOUT_MESSAGES: Record<string, MessageDescriptor> = {
  [NAME_ON_CARD_MESSAGE]: msg`Please fill out name printed in card or Account holder name`,
  [CONSENT_DISCLAIMER_MESSAGE]: msg`Kindly read the disclaimer before you progress further`,
  'Promo code is invalid': msg`Promo code is invalid`,
};

export function useCheckoutMessage() {
  const { i18n } = useLingui();
  return useCallback(
    (message: string) => {
      const descriptor = CHECKOUT_MESSAGES[message];
      return descriptor ? i18n._(descriptor) : messageText(message, i18n);
    },
    [i18n],
  );
}
