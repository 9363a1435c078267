/** Sell submissions: POST /sell-domain, POST /sell-domain/verify, POST /sell-comment/{id}. Rules in service.ts. */

import {
  SellAnswerSchema,
  SellCommentBody,
  SellCommentParam,
  SellDomainBody,
  SellVerifyBody,
} from '@domain-broker/shared/schemas/sell';
import { SUCCESS, success } from '@domain-broker/shared/success';
import { Hono } from 'hono';
import type { AppEnv } from '#server/deps.ts';
import { clientIp } from '#server/lib/client-ip.ts';
import { describeRoute } from '#server/lib/openapi.ts';
import { NoQuery, vJson, vParam, vQuery } from '#server/lib/validate.ts';
import { optionalAuth } from '../auth/middleware.ts';
import { commentSell, submitSell, verifySell } from './service.ts';

const tags = ['selling'];

export function sellingRoutes() {
  const app = new Hono<AppEnv>();

  app.post(
    '/sell-domain',
    describeRoute({
      operationId: 'sellDomain',
      summary:
        'A seller lists one or many domains (comma-separated; any valid name), or one domain with price and ' +
        'minQuote (at least 1 USD). Stored at once and mailed to staff. The address is confirmed by a link mailed ' +
        'to it before any account is made or changed; a signed-in caller using their own address is confirmed at ' +
        'once and gets `userRoleId`. Captcha when configured; limited per IP and per address.',
      tags,
      responses: {
        200: {
          description: `${SUCCESS.SELL_SUBMITTED} · ${SUCCESS.SELL_SUBMITTED_VERIFIED}`,
          code: ['SELL_SUBMITTED', 'SELL_SUBMITTED_VERIFIED'],
          data: SellAnswerSchema,
        },
      },
      errors: ['ROBOT_DETECTED', 'RATE_LIMITED'],
    }),
    optionalAuth,
    vQuery(NoQuery),
    vJson(SellDomainBody),
    async (c) => {
      const s = c.get('services');
      const viewer = c.get('viewer')?.user;
      const answer = await submitSell(
        s,
        viewer
          ? {
              UID: viewer.UID,
              email: viewer.email,
              emailVerified: viewer.emailVerified,
              locale: viewer.locale,
            }
          : undefined,
        c.req.valid('json'),
        clientIp(c, s.config.trustProxy),
        s.now(),
      );
      return c.json(
        success(answer.verified ? 'SELL_SUBMITTED_VERIFIED' : 'SELL_SUBMITTED', { data: answer }),
      );
    },
  );

  app.post(
    '/sell-domain/verify',
    describeRoute({
      operationId: 'verifySellDomain',
      summary:
        "The confirmation link's token: confirms the address once (within 72 hours), then makes the seller " +
        'account or adds the Seller role to the account of that address, and mails the seller the nameservers.',
      tags,
      responses: { 200: { description: SUCCESS.EMAIL_VERIFIED, code: 'EMAIL_VERIFIED' } },
      errors: ['SELL_VERIFY_LINK_INVALID'],
    }),
    vQuery(NoQuery),
    vJson(SellVerifyBody),
    async (c) => {
      const s = c.get('services');
      await verifySell(s, c.req.valid('json').token, s.now());
      return c.json(success('EMAIL_VERIFIED'));
    },
  );

  app.post(
    '/sell-comment/:id',
    describeRoute({
      operationId: 'sellComment',
      summary: "The thank-you step's optional comment on a submission (within 24 hours of it).",
      tags,
      responses: { 200: { description: SUCCESS.SELL_COMMENT_SAVED, code: 'SELL_COMMENT_SAVED' } },
      errors: ['SELL_SUBMISSION_NOT_FOUND'],
    }),
    vParam(SellCommentParam),
    vQuery(NoQuery),
    vJson(SellCommentBody),
    async (c) => {
      const s = c.get('services');
      await commentSell(s, c.req.valid('param').id, c.req.valid('json').comment, s.now());
      return c.json(success('SELL_COMMENT_SAVED'));
    },
  );

  return app;
}
