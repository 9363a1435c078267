/**
 * What Apply and 'Hire a Broker' do (docs/product.md "Payment", "Promo codes"): check a
 * code, pay with a promo code or a card, and say what went wrong where it belongs (under the card
 * field, under the promo field, or in a toast). Loaded after the page is drawn, with the API calls; the
 * page gives it its state setters.
 */
import type { Lead } from '@domain-broker/shared/schemas/leads';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ApiError, reportFailure } from '#portal/lib/api.ts';
import { notifyError } from '#portal/lib/notify.ts';
import { getPromoDetails, payWithMethod, payWithPromo, verifyPayment } from '../api/payments.ts';
import { authenticateSandbox, createSandboxPaymentMethod } from '../api/sandbox.ts';
import { type CheckoutValues, cardDigits, PROMO_INVALID, type PromoState, parseExpiry } from './card.ts';
import { CardProblem, type CardProvider, NotCompleted, type Paid, payByCard } from './pay-flow.ts';
import { phoneForWire, promoCodeProblem } from './rules.ts';
import { serverText } from './server-texts.ts';

const SOMETHING_WRONG = msg`Somthing went wrong`;
const PAYMENT_NOT_COMPLETED = 'Payment is not completed, please retry.';
/** The server's card field names and the form's. */
const CARD_FIELDS: Record<string, CardField> = {
  number: 'cardNumber',
  cardNumber: 'cardNumber',
  expiry: 'expiry',
  expMonth: 'expiry',
  expYear: 'expiry',
  cvc: 'cvc',
  card: 'card',
};
type CardField = 'cardNumber' | 'expiry' | 'cvc' | 'card';

/** The toast for a payment that threw ('Somthing went wrong', sic: the spec's text). */
export function somethingWrong(i18n: I18n): void {
  notifyError(i18n._(SOMETHING_WRONG));
}

/** The state a typed code leads to: applied with its percentage, or invalid with the message. */
export async function checkPromo(code: string): Promise<PromoState> {
  const problem = promoCodeProblem(code);
  if (problem) return { kind: 'invalid', message: problem };
  try {
    const details = await getPromoDetails(code);
    return details.offerPercent
      ? { kind: 'applied', code, percent: details.offerPercent }
      : { kind: 'invalid', message: PROMO_INVALID };
  } catch {
    // the API client has said why
    return { kind: 'idle' };
  }
}

export interface SubmitContext {
  i18n: I18n;
  lead: Lead;
  values: CheckoutValues;
  /** The applied code, or null to pay by card. */
  promoCode: string | null;
  /** Stripe Elements' card steps in Stripe mode; null in sandbox mode. */
  stripe: CardProvider | null;
  stripeMode: boolean;
  /** Shows the sandbox's 3-D Secure window and answers the buyer's choice. */
  challenge: () => Promise<'complete' | 'fail'>;
  showCardError: (field: CardField, text: string) => void;
  showPromoError: (text: string) => void;
}

function sandboxProvider(values: CheckoutValues, challenge: SubmitContext['challenge']): CardProvider {
  return {
    createPaymentMethod: async () => {
      const expiry = parseExpiry(values.expiry) ?? { month: 0, year: 0 };
      const method = await createSandboxPaymentMethod({
        number: cardDigits(values.cardNumber),
        expMonth: expiry.month,
        expYear: expiry.year,
        cvc: values.cvc.trim(),
      });
      return { id: method.id, brand: method.card.brand, last4: method.card.last4 };
    },
    confirm: async ({ clientSecret, paymentIntentId }) => {
      const outcome = await challenge();
      await authenticateSandbox(paymentIntentId, { clientSecret, outcome });
    },
  };
}

function reportPaymentFailure(ctx: SubmitContext, error: unknown, by: 'card' | 'promo'): void {
  const { i18n } = ctx;
  if (error instanceof CardProblem) {
    ctx.showCardError(error.field, error.message);
  } else if (error instanceof NotCompleted) {
    notifyError(serverText(PAYMENT_NOT_COMPLETED, i18n));
  } else if (error instanceof ApiError) {
    if ([401, 307, 451].includes(error.status)) {
      reportFailure(error, 'page');
      return;
    }
    const cardFields = (error.errors ?? []).filter((f) => CARD_FIELDS[f.field]);
    if (by === 'card' && cardFields.length > 0) {
      for (const f of cardFields)
        ctx.showCardError(CARD_FIELDS[f.field]!, serverText(f.message || error.message, i18n));
    } else if (by === 'promo' && error.code?.startsWith('PROMO')) {
      ctx.showPromoError(serverText(error.message, i18n));
    } else {
      notifyError(error.message ? serverText(error.message, i18n) : i18n._(SOMETHING_WRONG));
    }
  } else {
    somethingWrong(i18n);
  }
}

/** Pays the lead's fee; answers the payment, or null when it did not go through (already reported). */
export async function submitPayment(ctx: SubmitContext): Promise<(Paid & { successText: string }) | null> {
  const { lead, values, i18n } = ctx;
  const phone = phoneForWire(values.phone);
  let paid: Paid;
  if (ctx.promoCode !== null) {
    try {
      const answer = await payWithPromo({
        code: ctx.promoCode,
        leadUID: lead.UID,
        ...(phone ? { phone } : {}),
      });
      if (answer.data?.status !== 'succeeded' || !answer.data.lead) throw new NotCompleted();
      paid = { lead: answer.data.lead, message: answer.message };
    } catch (error) {
      reportPaymentFailure(ctx, error, 'promo');
      return null;
    }
  } else {
    const provider = ctx.stripeMode ? ctx.stripe : sandboxProvider(values, ctx.challenge);
    if (!provider) {
      somethingWrong(i18n);
      return null;
    }
    try {
      paid = await payByCard(
        provider,
        { pay: payWithMethod, verify: verifyPayment },
        { leadUID: lead.UID, phone },
      );
    } catch (error) {
      reportPaymentFailure(ctx, error, 'card');
      return null;
    }
  }
  return { ...paid, successText: serverText(paid.message ?? 'Success! The charge has been approved.', i18n) };
}
