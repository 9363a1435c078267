/**
 * The payment provider interface (ADR 050; product decision B10). Two implementations:
 * `stripe` (stripe-node against Stripe's API) and `sandbox` (offline, Stripe's test-card behaviours,
 * its state in our database). Services see only this interface: amounts are integer cents, the
 * currency is USD, and every call that moves money takes an idempotency key, so a retry, a double
 * click or two processes racing never charge or refund twice.
 */

export type PaymentProviderName = 'stripe' | 'sandbox';

/** Stripe's PaymentIntent statuses that our flow can meet. */
export type PaymentStatus =
  | 'succeeded'
  | 'requires_action'
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'processing'
  | 'canceled';

/** Why the card was refused: Stripe's error code, decline code and the message it tells the card holder. */
export interface PaymentError {
  code: string;
  declineCode?: string;
  message: string;
}

export interface Payment {
  /** The PaymentIntent id (`pi_…`). */
  id: string;
  status: PaymentStatus;
  amountCents: number;
  currency: 'usd';
  /** Present while the card holder must authenticate (3-D Secure): the portal confirms with it. */
  clientSecret?: string;
  /** The last refusal, when the status is requires_payment_method after an attempt. */
  lastError?: PaymentError;
  /** The card's last four digits and brand, once known. */
  card?: { brand: string; last4: string };
  /** What we attached at creation (leadUID, attempt). */
  metadata: Record<string, string>;
  created: Date;
}

export interface CreatePaymentInput {
  amountCents: number;
  /** A PaymentMethod id: from Stripe Elements, the sandbox card form, or Stripe's test ids (`pm_card_visa`). */
  paymentMethodId: string;
  /** One key per lead and attempt: the same key never creates a second charge. */
  idempotencyKey: string;
  description?: string;
  metadata: Record<string, string>;
}

export type RefundStatus = 'succeeded' | 'pending' | 'failed' | 'canceled';

export interface Refund {
  id: string;
  paymentId: string;
  amountCents: number;
  status: RefundStatus;
  created: Date;
}

export interface RefundInput {
  paymentId: string;
  /** The same key never refunds twice. */
  idempotencyKey: string;
  /** Defaults to the whole payment. */
  amountCents?: number;
  reason?: 'requested_by_customer' | 'duplicate' | 'fraudulent';
  metadata?: Record<string, string>;
}

/** A verified webhook event, reduced to what the checkout needs. */
export interface PaymentEvent {
  id: string;
  type: string;
  created: Date;
  /** For payment_intent.* events. */
  payment?: Payment;
  /** For charge.refunded: the PaymentIntent whose charge was refunded, and how much in total. */
  refunded?: { paymentId: string; amountRefundedCents: number };
}

/**
 * One line of a period's money movements as the provider reports them (the admin's reconciliation,
 * decision B10): a card payment or a refund, with the provider's fee. Amounts are signed cents. Stripe:
 * its balance transactions of type charge and refund; the sandbox: its own ledger tables, with the
 * fee rule SANDBOX_FEE (sandbox.ts).
 */
export interface LedgerLine {
  id: string;
  kind: 'payment' | 'refund';
  paymentId?: string;
  /** Positive for money in, negative for money out. */
  amountCents: number;
  /** The provider's fee on this line (positive means the provider kept it). */
  feeCents: number;
  netCents: number;
  created: Date;
  description?: string;
}

export interface PeriodQuery {
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** True for the sandbox and for Stripe test keys: the page shows TEST MODE. */
  readonly testMode: boolean;
  /** Creates and confirms a PaymentIntent. A card refusal is an answer (status requires_payment_method
   *  with lastError), not an exception; an unknown PaymentMethod throws PaymentMethodNotFoundError. */
  createPayment(input: CreatePaymentInput): Promise<Payment>;
  /** Reads a PaymentIntent; throws PaymentNotFoundError when there is none. */
  retrievePayment(id: string): Promise<Payment>;
  /** Refunds a succeeded payment (whole by default). Idempotent by key, and a payment refunded in full
   *  already answers its existing refund instead of failing. */
  refund(input: RefundInput): Promise<Refund>;
  /** Checks a webhook's `Stripe-Signature` (t=…,v1=… HMAC-SHA256 over `t.body`, with a tolerance) and
   *  parses the event; throws WebhookSignatureError. `rawBody` must be the bytes as received. */
  verifyWebhook(rawBody: string, signature: string | undefined): Promise<PaymentEvent>;
  /** The period's payments, refunds and fees, oldest first. */
  listLedger(period: PeriodQuery): Promise<LedgerLine[]>;
}

export class PaymentMethodNotFoundError extends Error {
  constructor(id: string) {
    super(`No such PaymentMethod: '${id}'`);
    this.name = 'PaymentMethodNotFoundError';
  }
}

export class PaymentNotFoundError extends Error {
  constructor(id: string) {
    super(`No such payment_intent: '${id}'`);
    this.name = 'PaymentNotFoundError';
  }
}

/** The request cannot be carried out as asked (refund of an unpaid intent, idempotency key reused with
 *  other parameters, amount too large). */
export class PaymentRequestError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'PaymentRequestError';
  }
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** The provider could not be reached or failed on its side; the caller may retry with the same key. */
export class PaymentProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderUnavailableError';
  }
}

/** The sandbox's card form: a card number, expiry or security code that cannot be a card. `field`
 *  names the input the message belongs under (Stripe Elements shows these under the field too). */
export class CardDetailsError extends Error {
  constructor(
    message: string,
    readonly code: 'incorrect_number' | 'invalid_expiry_month' | 'invalid_expiry_year' | 'invalid_cvc',
    readonly field: 'number' | 'expiry' | 'cvc',
  ) {
    super(message);
    this.name = 'CardDetailsError';
  }
}
