/**
 * The admin's Sell Domains tab over HTTP: GET /sellerDomainList and PATCH /sellerDomain/{id}
 * (the premium flag, decision A27; path ours, the spec does not show one). Admin only. Rules in
 * admin-service.ts.
 */

import {
  SellerDomainBody,
  SellerDomainListQuery,
  SellerDomainListSchema,
  SellerDomainParam,
  SellerDomainRowSchema,
} from '@domain-broker/shared/schemas/seller-domains';
import { SUCCESS, success } from '@domain-broker/shared/success';
import { Hono } from 'hono';
import type { AppEnv } from '#server/deps.ts';
import { answerQuery } from '#server/lib/handlers.ts';
import { component, describeRoute } from '#server/lib/openapi.ts';
import { NoQuery, vJson, vParam, vQuery } from '#server/lib/validate.ts';
import { requireAdmin } from '../auth/middleware.ts';
import { listSellerDomains, setSellerDomainPremium } from './admin-service.ts';

const ListDoc = component('SellerDomainList', SellerDomainListSchema);
const RowDoc = component('SellerDomainRow', SellerDomainRowSchema);
const tags = ['staff'];

export function sellerDomainAdminRoutes() {
  const app = new Hono<AppEnv>();

  app.get(
    '/sellerDomainList',
    describeRoute({
      operationId: 'sellerDomainList',
      summary:
        "Every domain of the sell submissions (Admin): the seller's name, email and phone, the domain, its premium flag, price and minQuote (null when several domains were listed at once); newest first, 10 a page; search by domain, seller name or email.",
      tags,
      responses: { 200: { description: 'A page of seller domains', data: ListDoc } },
    }),
    requireAdmin,
    vQuery(SellerDomainListQuery),
    answerQuery(listSellerDomains),
  );

  app.patch(
    '/sellerDomain/:id',
    describeRoute({
      operationId: 'setSellerDomainPremium',
      summary: "Sets a seller domain's premium flag (Admin; decision A27, default off). Answers the row.",
      tags,
      responses: {
        200: { description: SUCCESS.PREMIUM_FLAG_UPDATED, code: 'PREMIUM_FLAG_UPDATED', data: RowDoc },
      },
      errors: ['NOT_FOUND'],
    }),
    requireAdmin,
    vParam(SellerDomainParam),
    vQuery(NoQuery),
    vJson(SellerDomainBody),
    async (c) => {
      const data = await setSellerDomainPremium(
        c.get('services').db,
        c.req.valid('param').id,
        c.req.valid('json').premium,
      );
      return c.json(success('PREMIUM_FLAG_UPDATED', { data }));
    },
  );

  return app;
}
