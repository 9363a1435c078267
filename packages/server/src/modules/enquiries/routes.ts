/**
 * Offers under 500 USD (decision A13; docs/api.md "Offers under 500 USD"): the buyer's direct enquiry and
 * the staff notice when a registrar's visitor leaves the 'Insufficient Budget' window. Thin: the rules
 * live in service.ts.
 */

import { createCloseLeadBody, sendLowBudgetMailBody } from '@domain-broker/shared/schemas/leads';
import { SUCCESS, success } from '@domain-broker/shared/success';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '#server/deps.ts';
import { clientIp } from '#server/lib/client-ip.ts';
import { describeRoute } from '#server/lib/openapi.ts';
import { NoQuery, vJson, vQuery } from '#server/lib/validate.ts';
import { optionalAuth, requireAuth } from '../auth/middleware.ts';
import { createCloseLead, sendLowBudgetMail } from './service.ts';

/** The domain rule follows the deployment's supported extensions. */
const CloseLeadBody = (c: Context<AppEnv>) =>
  createCloseLeadBody(c.get('services').config.supportedExtensions);
const LowBudgetBody = (c: Context<AppEnv>) =>
  sendLowBudgetMailBody(c.get('services').config.supportedExtensions);
const ipOf = (c: Context<AppEnv>) => clientIp(c, c.get('services').config.trustProxy);
const tags = ['leads'];

export function enquiryRoutes() {
  const app = new Hono<AppEnv>();

  app.post(
    '/createCloseLead',
    describeRoute({
      operationId: 'createCloseLead',
      summary:
        'The direct enquiry of a buyer whose offer is under 500 USD or empty: stored, one notice to staff and a ' +
        'confirmation to the buyer. The same enquiry again within 10 minutes is answered alike without mail. ' +
        'An offer of 500 or more is a lead (POST /leads).',
      tags,
      responses: { 200: { description: SUCCESS.ENQUIRY_SUBMITTED, code: 'ENQUIRY_SUBMITTED' } },
      errors: [
        'ENQUIRY_OFFER_IS_LEAD',
        'LOGIN_AS_USER',
        'NOT_ALLOWED_CONTACT_ADMIN',
        'ROBOT_DETECTED',
        'RATE_LIMITED',
      ],
    }),
    requireAuth,
    vQuery(NoQuery),
    vJson(CloseLeadBody),
    async (c) => {
      const s = c.get('services');
      await createCloseLead(s, c.get('auth').user, c.req.valid('json'), ipOf(c), s.now());
      return c.json(success('ENQUIRY_SUBMITTED'));
    },
  );

  app.post(
    '/sendLowBudgetMail',
    describeRoute({
      operationId: 'sendLowBudgetMail',
      summary:
        "A registrar's visitor under 500 USD left the 'Insufficient Budget' window: one notice to staff per user " +
        'and domain (a guest: per address and domain within the rate-limit window); a replay is answered alike ' +
        'without mail. Always 200 on success, never 203.',
      tags,
      responses: { 200: { description: SUCCESS.LOW_BUDGET_SENT, code: 'LOW_BUDGET_SENT' } },
      errors: ['ENQUIRY_OFFER_IS_LEAD', 'ROBOT_DETECTED', 'RATE_LIMITED'],
    }),
    optionalAuth,
    vQuery(NoQuery),
    vJson(LowBudgetBody),
    async (c) => {
      const s = c.get('services');
      await sendLowBudgetMail(s, c.get('viewer')?.user, c.req.valid('json'), ipOf(c), s.now());
      return c.json(success('LOW_BUDGET_SENT'));
    },
  );

  return app;
}
