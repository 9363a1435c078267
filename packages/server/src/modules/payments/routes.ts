/**
 * The checkout over HTTP (docs/api.md "Leads and the checkout"; ADR 050): card payments, the 3-D Secure
 * verification, the provider's webhook, refunds, and the sandbox's card form and challenge page.
 * Thin: the rules live in service.ts, refunds.ts, webhook.ts and sandbox.ts.
 */

import { AppError } from '@domain-broker/shared/errors';
import {
  BuyerRefundBody,
  PaymentBody,
  PaymentResultSchema,
  PaymentStatusSchema,
  ProviderEventBody,
  SandboxAuthenticateBody,
  SandboxCardBody,
  SandboxPaymentMethodSchema,
  StaffRefundBody,
  StripeVerificationBody,
  WebhookReceiptSchema,
} from '@domain-broker/shared/schemas/checkout';
import { SUCCESS, success } from '@domain-broker/shared/success';
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '#server/deps.ts';
import { component, describeRoute, type SuccessDoc } from '#server/lib/openapi.ts';
import { IdParam, NoQuery, vJson, vParam, vQuery } from '#server/lib/validate.ts';
import { requireAuth, requireStaff } from '../auth/middleware.ts';
import { LeadDoc } from '../leads/routes.ts';
import { type RefundPath, refundLead } from './refunds.ts';
import { authenticateSandboxPayment, createSandboxPaymentMethod } from './sandbox.ts';
import { payByCard, verifyPayment } from './service.ts';
import { handlePaymentWebhook } from './webhook.ts';

const PaymentResultDoc = component('PaymentResult', PaymentResultSchema);
const tags = ['checkout'];
const BUYER_REFUND_REASON = 'Purchase made in error (refunded by the buyer).';

/** Both refund routes answer the refunded lead. */
const refunded: SuccessDoc = { description: SUCCESS.REFUNDED, code: 'REFUNDED', data: LeadDoc };
/** The handler both refund routes share: refunds the lead of the path's `id` for the caller. */
const answerRefund = async (
  c: Context<AppEnv, string, { out: { param: { id: string } } }>,
  path: RefundPath,
  reason: string,
) => {
  const lead = await refundLead(c.get('services'), c.req.valid('param').id, c.get('auth').user, path, reason);
  return c.json(success('REFUNDED', { data: lead }));
};

export function paymentRoutes() {
  const app = new Hono<AppEnv>();

  app.post(
    '/payments',
    describeRoute({
      operationId: 'createPayment',
      summary:
        "Pays the lead's initial fee (19.95 USD, fixed by the server) with a PaymentMethod id. 'succeeded': the lead is paid; 'requires_action': confirm clientSecret (3-D Secure), then POST /stripeVerification.",
      tags,
      responses: {
        200: { description: 'Paid, or authentication required', data: PaymentResultDoc },
      },
      errors: [
        'LOGIN_AS_USER',
        'NOT_ALLOWED_CONTACT_ADMIN',
        'LEAD_NOT_FOUND',
        'PAYMENT_ALREADY_DONE',
        'PAYMENT_IN_PROGRESS',
        'NO_SUCH_PAYMENT_METHOD',
        'CARD_DECLINED',
        'PAYMENT_NOT_COMPLETED',
        'PAYMENT_PROVIDER_UNAVAILABLE',
      ],
    }),
    requireAuth,
    vQuery(NoQuery),
    vJson(PaymentBody),
    async (c) => c.json(await payByCard(c.get('services'), c.get('auth').user, c.req.valid('json'))),
  );

  app.post(
    '/stripeVerification',
    describeRoute({
      operationId: 'verifyPayment',
      summary:
        'After 3-D Secure: the PaymentIntent decides. Paid (now or already by this intent): success with the lead; otherwise 402.',
      tags,
      responses: {
        200: { description: SUCCESS.PAYMENT_APPROVED, code: 'PAYMENT_APPROVED', data: PaymentResultDoc },
      },
      errors: [
        'LOGIN_AS_USER',
        'NOT_ALLOWED_CONTACT_ADMIN',
        'LEAD_NOT_FOUND',
        'PAYMENT_ALREADY_DONE',
        'PAYMENT_NOT_COMPLETED',
        'PAYMENT_PROVIDER_UNAVAILABLE',
      ],
    }),
    requireAuth,
    vQuery(NoQuery),
    vJson(StripeVerificationBody),
    async (c) => c.json(await verifyPayment(c.get('services'), c.get('auth').user, c.req.valid('json'))),
  );

  app.post(
    '/webhooks/stripe',
    describeRoute({
      operationId: 'paymentWebhook',
      summary:
        "The payment provider's signed events (payment_intent.succeeded, payment_intent.payment_failed, charge.refunded), each handled once; others are acknowledged and ignored. The raw body is checked against Stripe-Signature.",
      tags,
      parameters: [
        {
          name: 'Stripe-Signature',
          in: 'header',
          required: true,
          description: 't=…,v1=…: HMAC-SHA256 of `t.body` with the webhook secret.',
          schema: v.string(),
        },
      ],
      requestBody: { mediaType: 'application/json', schema: ProviderEventBody },
      responses: {
        200: {
          description: 'Received',
          data: WebhookReceiptSchema,
        },
      },
      errors: ['WEBHOOK_SIGNATURE_INVALID', 'INVALID_BODY', 'INPUT_TOO_LONG'],
    }),
    vQuery(NoQuery),
    async (c) => {
      let raw: string;
      try {
        raw = await c.req.text();
      } catch {
        throw new AppError('INVALID_BODY');
      }
      const result = await handlePaymentWebhook(c.get('services'), raw, c.req.header('stripe-signature'));
      return c.json({ data: { received: true, result } });
    },
  );

  app.post(
    '/leads/:id/refund',
    describeRoute({
      operationId: 'refundMyLead',
      summary:
        "The buyer refunds a purchase made in error: within 7 days of payment and before the broker's first buyer-visible step (the lead's refundableUntil).",
      tags,
      responses: { 200: refunded },
      errors: ['LEAD_NOT_FOUND', 'REFUND_NOT_ALLOWED', 'REFUND_NOT_POSSIBLE', 'PAYMENT_PROVIDER_UNAVAILABLE'],
    }),
    requireAuth,
    vParam(IdParam),
    vQuery(NoQuery),
    vJson(BuyerRefundBody),
    async (c) => answerRefund(c, 'buyer', c.req.valid('json').reason || BUYER_REFUND_REASON),
  );

  app.post(
    '/leads/:id/staffRefund',
    describeRoute({
      operationId: 'staffRefundLead',
      summary:
        "Staff refund a lead's fee: an Admin any lead, a Consultant only their own (the broker declines the job).",
      tags: ['staff'],
      responses: { 200: refunded },
      errors: ['LEAD_NOT_FOUND', 'REFUND_NOT_POSSIBLE', 'PAYMENT_PROVIDER_UNAVAILABLE'],
    }),
    requireStaff,
    vParam(IdParam),
    vQuery(NoQuery),
    vJson(StaffRefundBody),
    async (c) => answerRefund(c, 'staff', c.req.valid('json').reason),
  );

  return app;
}

const IntentParam = v.object({ id: v.pipe(v.string(), v.maxLength(255)) });

/** The sandbox's card form and 3-D Secure page (mounted only when the sandbox is the provider). */
export function sandboxPaymentRoutes() {
  const app = new Hono<AppEnv>();
  const condition = 'Mounted only when the payment provider is the sandbox (TEST MODE).';

  app.post(
    '/sandbox/paymentMethods',
    describeRoute({
      operationId: 'createSandboxPaymentMethod',
      summary:
        "TEST MODE card form: a card (Stripe's test numbers) to a PaymentMethod id for POST /payments. Field errors name number, expiry or cvc.",
      tags: ['sandbox'],
      responses: {
        200: {
          description: 'PaymentMethod',
          data: component('SandboxPaymentMethod', SandboxPaymentMethodSchema),
        },
      },
      errors: ['CARD_DETAILS_INVALID'],
      'x-condition': condition,
    }),
    requireAuth,
    vQuery(NoQuery),
    vJson(SandboxCardBody),
    async (c) => c.json({ data: await createSandboxPaymentMethod(c.get('services'), c.req.valid('json')) }),
  );

  app.post(
    '/sandbox/paymentIntents/:id/authenticate',
    describeRoute({
      operationId: 'authenticateSandboxPayment',
      summary: 'TEST MODE 3-D Secure page: Complete or Fail the challenge of a payment that requires action.',
      tags: ['sandbox'],
      responses: {
        200: {
          description: 'The payment after the challenge',
          data: PaymentStatusSchema,
        },
      },
      errors: ['PAYMENT_NOT_FOUND'],
      'x-condition': condition,
    }),
    requireAuth,
    vParam(IntentParam, 'PAYMENT_NOT_FOUND'),
    vQuery(NoQuery),
    vJson(SandboxAuthenticateBody),
    async (c) => {
      const data = await authenticateSandboxPayment(
        c.get('services'),
        c.req.valid('param').id,
        c.req.valid('json'),
      );
      return c.json({ data });
    },
  );

  return app;
}
