import { centsToUsd, INITIAL_FEE_CENTS } from '@domain-broker/shared/pricing';
import type {
  PaymentBody,
  PaymentResult,
  PromoDetails,
  PromoPaymentBody,
  StripeVerificationBody,
} from '@domain-broker/shared/schemas/checkout';
import { apiRequest } from '#portal/lib/api.ts';

/** The fee as the wire states it (19.95); the server fixes the amount and only checks this. */
export const AMOUNT_PAID = centsToUsd(INITIAL_FEE_CENTS);

/** POST /payments: charge a PaymentMethod (sandbox card form or Stripe Elements) for the lead's fee. */
export async function payWithMethod(body: Omit<PaymentBody, 'amountPaid'>) {
  const answer = await apiRequest<PaymentResult>('/payments', {
    method: 'POST',
    body: { ...body, amountPaid: AMOUNT_PAID },
    handle: 'none',
  });
  return answer;
}

/** POST /stripeVerification: after 3-D Secure, asks the server whether the PaymentIntent succeeded. */
export function verifyPayment(body: StripeVerificationBody) {
  return apiRequest<PaymentResult>('/stripeVerification', {
    method: 'POST',
    body: { ...body },
    handle: 'none',
  });
}

/** GET /getPromoDetails/{code}: {offerPercent} for a code this buyer can use, {} otherwise. */
export async function getPromoDetails(code: string): Promise<PromoDetails> {
  const answer = await apiRequest<PromoDetails>(`/getPromoDetails/${encodeURIComponent(code)}`, {
    handle: 'page',
  });
  return answer.data ?? {};
}

/** POST /paymentUsingPromoCode: a 100% code pays the fee; no card (decision A6). */
export function payWithPromo(body: PromoPaymentBody) {
  return apiRequest<PaymentResult>('/paymentUsingPromoCode', {
    method: 'POST',
    body: { ...body },
    handle: 'none',
  });
}
