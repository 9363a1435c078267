import type {
  SandboxAuthenticateBody,
  SandboxCardBody,
  SandboxPaymentMethodSchema,
} from '@domain-broker/shared/schemas/checkout';
import type { InferOutput } from 'valibot';
import { apiRequest } from '#portal/lib/api.ts';

/** A card the sandbox provider accepted as a PaymentMethod. */
export type SandboxPaymentMethod = InferOutput<typeof SandboxPaymentMethodSchema>;

/**
 * POST /sandbox/paymentMethods: the sandbox's stand-in for Stripe's card tokenisation. A refused number,
 * expiry or CVC answers 400 with field errors (`number`, `expiry`, `cvc`).
 */
export async function createSandboxPaymentMethod(card: SandboxCardBody): Promise<SandboxPaymentMethod> {
  const answer = await apiRequest<SandboxPaymentMethod>('/sandbox/paymentMethods', {
    method: 'POST',
    body: { ...card },
    handle: 'none',
  });
  if (!answer.data?.id) throw new Error('The sandbox answered no PaymentMethod');
  return answer.data;
}

/** POST /sandbox/paymentIntents/{id}/authenticate: the 3-D Secure challenge's outcome. */
export async function authenticateSandbox(
  paymentIntentId: string,
  body: SandboxAuthenticateBody,
): Promise<string> {
  const answer = await apiRequest<{ status: string }>(
    `/sandbox/paymentIntents/${encodeURIComponent(paymentIntentId)}/authenticate`,
    { method: 'POST', body: { ...body }, handle: 'none' },
  );
  return answer.data?.status ?? '';
}
