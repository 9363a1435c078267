/**
 * The payment form's rules (docs/product.md "Checkout", "Payment"; decisions A5, A6). The wire
 * payloads are the shared schemas (schemas/checkout.ts); this is the form the buyer fills in. Loaded
 * after the first paint, with valibot.
 */
import { promoCode } from '@domain-broker/shared/schemas/checkout';
import { isPhone, normalizePhone } from '@domain-broker/shared/validators';
import * as v from 'valibot';
import {
  CARD_CVC_INCOMPLETE,
  CARD_EXPIRY_INCOMPLETE,
  CARD_NUMBER_INCOMPLETE,
  CONSENT_DISCLAIMER_MESSAGE,
  CONSENT_TERMS_MESSAGE,
  cardDigits,
  type FormMode,
  NAME_ON_CARD_MESSAGE,
  PHONE_INVALID_MESSAGE,
  PROMO_CODE_INVALID,
  parseExpiry,
} from './card.ts';

const any = v.string();
const consent = (message: string) =>
  v.pipe(
    v.boolean(),
    v.check((x) => x, message),
  );

export function checkoutSchema({ card, ownCardFields }: FormMode) {
  const cardFields = card && ownCardFields;
  return v.object({
    cardNumber: cardFields
      ? v.pipe(
          v.string(),
          v.check((s) => cardDigits(s).length >= 12, CARD_NUMBER_INCOMPLETE),
        )
      : any,
    expiry: cardFields
      ? v.pipe(
          v.string(),
          v.check((s) => parseExpiry(s) !== null, CARD_EXPIRY_INCOMPLETE),
        )
      : any,
    cvc: cardFields
      ? v.pipe(
          v.string(),
          v.check((s) => /^\d{3,4}$/.test(s.trim()), CARD_CVC_INCOMPLETE),
        )
      : any,
    nameOnCard: card ? v.pipe(v.string(), v.trim(), v.nonEmpty(NAME_ON_CARD_MESSAGE)) : any,
    // optional, but a valid international number when given
    phone: v.pipe(
      v.string(),
      v.trim(),
      v.check((s) => s === '' || isPhone(s), PHONE_INVALID_MESSAGE),
    ),
    acceptTerms: consent(CONSENT_TERMS_MESSAGE),
    acceptDisclaimer: consent(CONSENT_DISCLAIMER_MESSAGE),
  });
}

/** The message for a code that cannot be a promo code (5 characters, other characters), else null. */
export function promoCodeProblem(code: string): string | null {
  return v.safeParse(promoCode, code).success ? null : PROMO_CODE_INVALID;
}

/** The phone as the payment bodies carry it: international form, or undefined when none was given. */
export function phoneForWire(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed ? (normalizePhone(trimmed) ?? trimmed) : undefined;
}
