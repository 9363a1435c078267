/**
 * Promo codes (docs/api.md "Promo codes"). Staff (Admin, Consultant)
 * create and list codes, an Admin deletes them; a signed-in buyer checks one and pays with it.
 */

import {
  GeneratePromoBody,
  PaymentResultSchema,
  PromoCodeListQuery,
  PromoCodeListSchema,
  PromoCodeSchema,
  PromoDetailsSchema,
  PromoPaymentBody,
} from '@domain-broker/shared/schemas/checkout';
import { SUCCESS, success } from '@domain-broker/shared/success';
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '#server/deps.ts';
import { clientIp } from '#server/lib/client-ip.ts';
import { answerQuery } from '#server/lib/handlers.ts';
import { component, describeRoute } from '#server/lib/openapi.ts';
import { IdParam, NoQuery, vJson, vParam, vQuery } from '#server/lib/validate.ts';
import { requireAdmin, requireAuth, requireStaff } from '../auth/middleware.ts';
import { deletePromoCode, generatePromo, listPromoCodes, payWithPromo, promoDetails } from './service.ts';

const PromoCodeDoc = component('PromoCode', PromoCodeSchema);
const PromoCodeListDoc = component('PromoCodeList', PromoCodeListSchema);
const PromoDetailsDoc = component('PromoDetails', PromoDetailsSchema);
const PaymentResultDoc = component('PaymentResult', PaymentResultSchema);
const CodeParam = v.object({ code: v.string() });
const staffTags = ['staff'];
const tags = ['checkout'];

/** Looking codes up is a code submission: limited per address like the other codes (sign-in limit). */
export const limitPromoTries = (c: Context<AppEnv>) => {
  const s = c.get('services');
  return s.rateLimiter.hit(`promo:ip:${clientIp(c, s.config.trustProxy)}`, s.config.rateLimit.signinPerIp);
};

export function promoRoutes() {
  const app = new Hono<AppEnv>();

  app.post(
    '/generatePromo',
    describeRoute({
      operationId: 'generatePromo',
      summary:
        'Creates a 100% promo code (Admin or Consultant): code of 6 or more characters, reUsableCount (default 1), ' +
        'validThru not in the past (a date alone means the end of that day, UTC). A code that exists in any case is 409.',
      tags: staffTags,
      responses: { 200: { description: SUCCESS.PROMO_CREATED, code: 'PROMO_CREATED', data: PromoCodeDoc } },
      errors: ['ALREADY_EXISTS'],
    }),
    requireStaff,
    vQuery(NoQuery),
    vJson(GeneratePromoBody),
    async (c) => {
      const s = c.get('services');
      const code = await generatePromo(s.db, c.get('auth').user, c.req.valid('json'), s.now());
      return c.json(success('PROMO_CREATED', { data: code }));
    },
  );

  app.get(
    '/promoCode',
    describeRoute({
      operationId: 'listPromoCodes',
      summary: 'Promo codes (Admin or Consultant), newest first, each with its uses; 10 a page by default.',
      tags: staffTags,
      responses: { 200: { description: 'Page', data: PromoCodeListDoc } },
    }),
    requireStaff,
    vQuery(PromoCodeListQuery),
    answerQuery(listPromoCodes),
  );

  app.delete(
    '/promoCode/:id',
    describeRoute({
      operationId: 'deletePromoCode',
      summary: 'Deletes a promo code (Admin). Payments made with it keep their record.',
      tags: staffTags,
      responses: { 200: { description: SUCCESS.DELETED, code: 'DELETED' } },
      errors: ['NOT_FOUND'],
    }),
    requireAdmin,
    vQuery(NoQuery),
    vParam(IdParam),
    async (c) => {
      await deletePromoCode(c.get('services').db, c.req.valid('param').id);
      return c.json(success('DELETED'));
    },
  );

  app.get(
    '/getPromoDetails/:code',
    describeRoute({
      operationId: 'getPromoDetails',
      summary:
        'Whether the signed-in user can use a promo code now: { offerPercent: 100 }, or {} when it is invalid, ' +
        "expired, used up, already used by this user, or another user's code.",
      tags,
      responses: { 200: { description: 'The discount, or {}', data: PromoDetailsDoc } },
      errors: ['RATE_LIMITED'],
    }),
    requireAuth,
    vQuery(NoQuery),
    vParam(CodeParam),
    async (c) => {
      const s = c.get('services');
      await limitPromoTries(c);
      const details = await promoDetails(s.db, c.get('auth').user.UID, c.req.valid('param').code, s.now());
      return c.json({ data: details });
    },
  );

  app.post(
    '/paymentUsingPromoCode',
    describeRoute({
      operationId: 'paymentUsingPromoCode',
      summary:
        "Pays the signed-in buyer's pending lead with a 100% promo code: no card, no payment provider. " +
        "The lead becomes paid (status new, broker assigned) in the same transaction as the code's use.",
      tags,
      responses: {
        200: {
          description: SUCCESS.PAYMENT_APPROVED,
          code: 'PAYMENT_APPROVED',
          data: PaymentResultDoc,
        },
      },
      errors: [
        'LEAD_UID_MISSING',
        'LEAD_NOT_FOUND',
        'PAYMENT_ALREADY_DONE',
        'PROMO_EXPIRED',
        'PROMO_INVALID',
        'PROMO_USED',
        'PROMO_USED_BY_YOU',
        'LOGIN_AS_USER',
        'NOT_ALLOWED_CONTACT_ADMIN',
        'RATE_LIMITED',
      ],
    }),
    requireAuth,
    vQuery(NoQuery),
    vJson(PromoPaymentBody),
    async (c) => {
      const s = c.get('services');
      await limitPromoTries(c);
      const lead = await payWithPromo(s, c.get('auth').user, c.req.valid('json'), s.now());
      return c.json(
        success('PAYMENT_APPROVED', { data: { status: 'succeeded', paymentIntentId: '', lead } }),
      );
    },
  );

  return app;
}
