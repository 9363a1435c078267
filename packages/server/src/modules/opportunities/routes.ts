/**
 * Alternate domains over HTTP (docs/api.md "Alternate domains"; decision A1). Thin: the rules (the
 * owner's paid lead, five domains in all, no name twice) live in service.ts.
 */

import {
  createOrUpdateOpportunitiesBody,
  OpportunityConflictSchema,
} from '@domain-broker/shared/schemas/opportunities';
import { SUCCESS, success } from '@domain-broker/shared/success';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '#server/deps.ts';
import { describeRoute } from '#server/lib/openapi.ts';
import { NoQuery, vJson, vQuery } from '#server/lib/validate.ts';
import { requireAuth } from '../auth/middleware.ts';
import { LeadDoc } from '../leads/routes.ts';
import { createOrUpdateOpportunities } from './service.ts';

const Body = (c: Context<AppEnv>) =>
  createOrUpdateOpportunitiesBody(c.get('services').config.supportedExtensions);

export function opportunityRoutes() {
  const app = new Hono<AppEnv>();

  app.post(
    '/createOrUpdateOpportunities',
    describeRoute({
      operationId: 'createOrUpdateOpportunities',
      summary:
        "Adds alternate domains to the buyer's paid lead (five domains in all with the lead's own), or changes one by UID. Each new alternate is pending until the broker decides.",
      tags: ['leads'],
      responses: {
        200: { description: SUCCESS.OPPORTUNITIES_SAVED, code: 'OPPORTUNITIES_SAVED', data: LeadDoc },
      },
      errors: [
        'LOGIN_AS_USER',
        'NOT_ALLOWED_CONTACT_ADMIN',
        'LEAD_NOT_FOUND',
        'OPPORTUNITY_LEAD_NOT_OPEN',
        'OPPORTUNITY_NOT_FOUND',
        'OPPORTUNITY_NOT_EDITABLE',
        'OPPORTUNITY_DUPLICATE',
        'OPPORTUNITY_LIMIT',
        'OPPORTUNITY_FAILED',
      ],
      errorData: { 409: OpportunityConflictSchema },
    }),
    requireAuth,
    vQuery(NoQuery),
    vJson(Body),
    async (c) => {
      const s = c.get('services');
      const lead = await createOrUpdateOpportunities(
        s.db,
        c.get('auth').user,
        c.req.valid('json'),
        s.now(),
        s.logger,
      );
      return c.json(success('OPPORTUNITIES_SAVED', { data: lead }));
    },
  );

  return app;
}
