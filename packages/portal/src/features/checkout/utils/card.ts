/**
 * The payment form's values and the plain helpers the page needs at once (no validation library: the
 * rules in rules.ts download after the first paint, docs/decisions/030-portal-first-load.md).
 */
import { PROMO_APPLY_MIN_EXCLUSIVE } from '@domain-broker/shared/constants';

export const CONSENT_TERMS_MESSAGE = 'Please Accept Privacy Policy and Terms of Service';
export const CONSENT_DISCLAIMER_MESSAGE = 'Kindly read the disclaimer before you progress further';
export const NAME_ON_CARD_MESSAGE = 'Please fill out name printed in card or Account holder name';
export const PHONE_INVALID_MESSAGE = 'Invalid phone number';
/** The shared schema's message for a code that cannot be one (schemas/checkout.ts; a test holds them equal). */
export const PROMO_CODE_INVALID = 'please enter a valid promo code';
/**
 * The server's message for an unknown code, shown also for a blank code in promo-only mode
 * (docs/product.md "Checkout").
 */
export const PROMO_INVALID = 'Promo code is invalid';
/** The card fields' own messages (the sandbox's fields speak as Stripe's do). */
export const CARD_NUMBER_INCOMPLETE = 'Your card number is incomplete.';
export const CARD_EXPIRY_INCOMPLETE = "Your card's expiration date is incomplete.";
export const CARD_CVC_INCOMPLETE = "Your card's security code is incomplete.";

export type CheckoutValues = {
  cardNumber: string;
  expiry: string;
  cvc: string;
  nameOnCard: string;
  phone: string;
  acceptTerms: boolean;
  acceptDisclaimer: boolean;
};

export const checkoutDefaults = (phone = ''): CheckoutValues => ({
  cardNumber: '',
  expiry: '',
  cvc: '',
  nameOnCard: '',
  phone,
  acceptTerms: false,
  acceptDisclaimer: false,
});

/** What the form asks for: `card` when a card pays (no valid promo), `ownCardFields` in sandbox mode. */
export interface FormMode {
  card: boolean;
  ownCardFields: boolean;
}

export function cardDigits(text: string): string {
  return text.replace(/\D/g, '');
}

/** The number as typed, grouped by four (at most 19 digits). */
export function formatCardNumber(text: string): string {
  return cardDigits(text)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "MM / YY" as typed. */
export function formatExpiry(text: string): string {
  const digits = cardDigits(text).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** "MM / YY" (or MM/YYYY) to a month and a four-digit year; null when incomplete or not a month. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** Apply is enabled above 4 characters (decision A5). */
export function canApplyPromo(code: string): boolean {
  return code.trim().length > PROMO_APPLY_MIN_EXCLUSIVE;
}

/** The promo field's states (docs/product.md "Promo codes"). */
export type PromoState =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'applied'; code: string; percent: number }
  | { kind: 'invalid'; message: string };

/**
 * The buyer with no registrar who signed up to buy pays with the mailed promo code only
 * (docs/product.md "Checkout").
 */
export function isPromoOnlyBuyer(
  registrarUID: string | null | undefined,
  interest: string | null | undefined,
) {
  return !registrarUID && (interest === 'buy' || interest === 'Buyer');
}
