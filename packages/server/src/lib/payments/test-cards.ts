/**
 * Stripe's test cards and test PaymentMethod ids (docs.stripe.com/testing), with the behaviour the
 * sandbox gives each: the same answers Stripe's test mode gives, so the checkout behaves the same in
 * both providers.
 */
import type { PaymentError } from './types.ts';

export type Outcome = { kind: 'succeed' } | { kind: 'decline'; error: PaymentError };

export interface Scenario {
  brand: string;
  /** Without authentication the outcome applies at once; with it, after the challenge is completed. */
  authenticate: boolean;
  outcome: Outcome;
}

const declined = (declineCode: string, message: string, code = 'card_declined'): Outcome => ({
  kind: 'decline',
  error: { code, declineCode, message },
});

export const DECLINES = {
  generic: declined('generic_decline', 'Your card was declined.'),
  insufficientFunds: declined('insufficient_funds', 'Your card has insufficient funds.'),
  lostCard: declined('lost_card', 'Your card was declined.'),
  stolenCard: declined('stolen_card', 'Your card was declined.'),
  expiredCard: {
    kind: 'decline',
    error: { code: 'expired_card', message: 'Your card has expired.' },
  } as Outcome,
  incorrectCvc: {
    kind: 'decline',
    error: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  } as Outcome,
  processingError: {
    kind: 'decline',
    error: {
      code: 'processing_error',
      message: 'An error occurred while processing your card. Try again in a little bit.',
    },
  } as Outcome,
  liveCard: declined(
    'live_mode_test_card',
    'Your card was declined. Your request was in test mode, but used a non test (live) card.',
  ),
} as const;

export const AUTHENTICATION_FAILED: PaymentError = {
  code: 'payment_intent_authentication_failure',
  message:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

const ok = (brand: string): Scenario => ({ brand, authenticate: false, outcome: { kind: 'succeed' } });
const visaDecline = (outcome: Outcome): Scenario => ({ brand: 'visa', authenticate: false, outcome });

/** Card numbers (digits only) to behaviours. */
export const TEST_CARDS: Record<string, Scenario> = {
  '4242424242424242': ok('visa'),
  '4000056655665556': ok('visa'),
  '5555555555554444': ok('mastercard'),
  '2223003122003222': ok('mastercard'),
  '378282246310005': ok('amex'),
  '6011111111111117': ok('discover'),
  '4000000000000002': visaDecline(DECLINES.generic),
  '4000000000009995': visaDecline(DECLINES.insufficientFunds),
  '4000000000009987': visaDecline(DECLINES.lostCard),
  '4000000000009979': visaDecline(DECLINES.stolenCard),
  '4000000000000069': visaDecline(DECLINES.expiredCard),
  '4000000000000127': visaDecline(DECLINES.incorrectCvc),
  '4000000000000119': visaDecline(DECLINES.processingError),
  // 3-D Secure: authentication required on this payment.
  '4000002500003155': { brand: 'visa', authenticate: true, outcome: { kind: 'succeed' } },
  '4000002760003184': { brand: 'visa', authenticate: true, outcome: { kind: 'succeed' } },
  '4000008260003178': { brand: 'visa', authenticate: true, outcome: DECLINES.insufficientFunds },
};

/** Stripe's test PaymentMethod ids, so API clients and tests can pay without a card form. */
export const TEST_PAYMENT_METHODS: Record<string, Scenario & { last4: string }> = {
  pm_card_visa: { ...ok('visa'), last4: '4242' },
  pm_card_mastercard: { ...ok('mastercard'), last4: '4444' },
  pm_card_amex: { ...ok('amex'), last4: '0005' },
  pm_card_threeDSecure2Required: { ...TEST_CARDS['4000002760003184']!, last4: '3184' },
  pm_card_authenticationRequired: { ...TEST_CARDS['4000002500003155']!, last4: '3155' },
  pm_card_chargeDeclined: { ...visaDecline(DECLINES.generic), last4: '0002' },
  pm_card_chargeDeclinedInsufficientFunds: { ...visaDecline(DECLINES.insufficientFunds), last4: '9995' },
  pm_card_chargeDeclinedLostCard: { ...visaDecline(DECLINES.lostCard), last4: '9987' },
  pm_card_chargeDeclinedStolenCard: { ...visaDecline(DECLINES.stolenCard), last4: '9979' },
  pm_card_chargeDeclinedExpiredCard: { ...visaDecline(DECLINES.expiredCard), last4: '0069' },
  pm_card_chargeDeclinedIncorrectCvc: { ...visaDecline(DECLINES.incorrectCvc), last4: '0127' },
  pm_card_chargeDeclinedProcessingError: { ...visaDecline(DECLINES.processingError), last4: '0119' },
};

/** Names a scenario so it can be stored and found again. */
export function scenarioKey(s: Scenario): string {
  const outcome =
    s.outcome.kind === 'succeed'
      ? 'succeed'
      : `decline:${s.outcome.error.declineCode ?? s.outcome.error.code}`;
  return `${s.authenticate ? 'authenticate+' : ''}${outcome}`;
}

export function scenarioFromKey(key: string, brand: string): Scenario {
  const authenticate = key.startsWith('authenticate+');
  const rest = authenticate ? key.slice('authenticate+'.length) : key;
  if (rest === 'succeed') return { brand, authenticate, outcome: { kind: 'succeed' } };
  const code = rest.slice('decline:'.length);
  const outcome =
    Object.values(DECLINES).find(
      (o) => o.kind === 'decline' && (o.error.declineCode ?? o.error.code) === code,
    ) ?? DECLINES.generic;
  return { brand, authenticate, outcome };
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

export function brandOf(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}
