/**
 * The card payment sequence (docs/product.md "Payment"), the same for both providers:
 * create a PaymentMethod from the card fields, POST /payments; when the answer asks for 3-D Secure,
 * confirm it and POST /stripeVerification. The provider (sandbox card fields or Stripe Elements) only
 * supplies the two card steps.
 */
import type {
  PaymentBody,
  PaymentResult,
  StripeVerificationBody,
} from '@domain-broker/shared/schemas/checkout';
import type { Lead } from '@domain-broker/shared/schemas/leads';
import type { ApiAnswer } from '#portal/lib/api.ts';

/** A card field's complaint: under the field (`card` when the provider cannot say which part). */
export class CardProblem extends Error {
  readonly field: 'cardNumber' | 'expiry' | 'cvc' | 'card';
  constructor(field: CardProblem['field'], message: string) {
    super(message);
    this.name = 'CardProblem';
    this.field = field;
  }
}

export interface CreatedMethod {
  id: string;
  brand?: string | undefined;
  last4?: string | undefined;
}

export interface CardProvider {
  /** Turns the card fields into a PaymentMethod id; throws CardProblem for a refused card detail. */
  createPaymentMethod: () => Promise<CreatedMethod>;
  /** Completes a PaymentIntent that needs the buyer (3-D Secure); the server then verifies it. */
  confirm: (intent: { clientSecret: string; paymentIntentId: string }) => Promise<void>;
}

export interface PaymentApi {
  pay: (body: Omit<PaymentBody, 'amountPaid'>) => Promise<ApiAnswer<PaymentResult>>;
  verify: (body: StripeVerificationBody) => Promise<ApiAnswer<PaymentResult>>;
}

export interface Paid {
  lead: Lead;
  message: string | undefined;
  card?: CreatedMethod;
}

/** Thrown when an answer says neither succeeded nor requires_action with a secret. */
export class NotCompleted extends Error {}

export async function payByCard(
  provider: CardProvider,
  api: PaymentApi,
  { leadUID, phone }: { leadUID: string; phone?: string | undefined },
): Promise<Paid> {
  const method = await provider.createPaymentMethod();
  let answer = await api.pay({ paymentID: method.id, leadUID, ...(phone ? { phone } : {}) });
  let result = answer.data;
  if (result?.status === 'requires_action') {
    if (!result.clientSecret) throw new NotCompleted();
    await provider.confirm({ clientSecret: result.clientSecret, paymentIntentId: result.paymentIntentId });
    answer = await api.verify({ leadUID, id: result.paymentIntentId });
    result = answer.data;
  }
  if (result?.status !== 'succeeded' || !result.lead) throw new NotCompleted();
  return { lead: result.lead, message: answer.message, card: method };
}
