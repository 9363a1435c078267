/**
 * The sandbox provider's own pages (TEST MODE): its card form and its 3-D Secure challenge. They answer
 * NOT_FOUND when another provider takes the payments; the routes are mounted only with the sandbox.
 */
import { AppError } from '@domain-broker/shared/errors';
import type { SandboxAuthenticateBody, SandboxCardBody } from '@domain-broker/shared/schemas/checkout';
import type { Services } from '#server/deps.ts';
import { CardDetailsError, isSandbox, PaymentNotFoundError } from '#server/lib/payments/index.ts';

const sandboxOf = (s: Pick<Services, 'payments'>) => {
  if (!isSandbox(s.payments)) throw new AppError('NOT_FOUND');
  return s.payments;
};

/** POST /sandbox/paymentMethods: a test card to a PaymentMethod id; a bad card names its field. */
export async function createSandboxPaymentMethod(s: Pick<Services, 'payments'>, card: SandboxCardBody) {
  const provider = sandboxOf(s);
  try {
    return await provider.createPaymentMethod(card);
  } catch (err) {
    if (err instanceof CardDetailsError)
      throw new AppError('CARD_DETAILS_INVALID', {
        message: err.message,
        errors: [{ field: err.field, message: err.message }],
      });
    throw err;
  }
}

/** POST /sandbox/paymentIntents/:id/authenticate: the challenge completed or failed; the payment's status. */
export async function authenticateSandboxPayment(
  s: Pick<Services, 'payments'>,
  intentId: string,
  { clientSecret, outcome }: SandboxAuthenticateBody,
) {
  const provider = sandboxOf(s);
  try {
    const p = await provider.authenticate(intentId, clientSecret, outcome);
    return { status: p.status };
  } catch (err) {
    if (err instanceof PaymentNotFoundError) throw new AppError('PAYMENT_NOT_FOUND');
    throw err;
  }
}
