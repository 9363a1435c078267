/**
 * The buyer's leads over HTTP (docs/api.md "Leads and the checkout"). Thin: the
 * rules (one open lead, enquiries under 500, who may buy) live in service.ts.
 */

import {
  ConsultantBadgeSchema,
  createLeadBody,
  LeadSchema,
  OpenLeadRefSchema,
  updateLeadBody,
} from '@domain-broker/shared/schemas/leads';
import { SUCCESS, success } from '@domain-broker/shared/success';
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '#server/deps.ts';
import { component, describeRoute } from '#server/lib/openapi.ts';
import { IdParam, NoQuery, vJson, vParam, vQuery } from '#server/lib/validate.ts';
import { isStaff, requireAuth } from '../auth/middleware.ts';
import { agreeBrokerTerms, consultantBadgesFor } from './broker.ts';
import { createLead, listMyLeads, saveLead } from './service.ts';

export const LeadDoc = component('Lead', LeadSchema);
/** The domain rule follows the deployment's supported extensions. */
const CreateBody = (c: Context<AppEnv>) => createLeadBody(c.get('services').config.supportedExtensions);
const UpdateBody = (c: Context<AppEnv>) => updateLeadBody(c.get('services').config.supportedExtensions);
const ConsultantParam = v.object({ consultantUID: v.string() });
const BadgeDoc = component('ConsultantBadge', ConsultantBadgeSchema);
const tags = ['leads'];

export function leadRoutes() {
  const app = new Hono<AppEnv>();

  app.post(
    '/leads',
    describeRoute({
      operationId: 'createLead',
      summary:
        "The buyer's lead for a domain and budget: an unpaid lead is edited in place, a paid open lead answers 'add it as an alternate'.",
      tags,
      responses: { 200: { description: 'The pending lead', data: LeadDoc } },
      errors: [
        'LOGIN_AS_USER',
        'NOT_ALLOWED_CONTACT_ADMIN',
        'LEAD_OFFER_IS_ENQUIRY',
        'LEAD_ADD_AS_ALTERNATE',
      ],
      errorData: { 409: OpenLeadRefSchema },
    }),
    requireAuth,
    vQuery(NoQuery),
    vJson(CreateBody),
    async (c) => {
      const s = c.get('services');
      const lead = await createLead(s.db, c.get('auth').user, c.req.valid('json'), s.now());
      return c.json({ data: lead });
    },
  );

  app.get(
    '/getMyLeads',
    describeRoute({
      operationId: 'getMyLeads',
      summary: "The signed-in user's leads, newest first (the first is the current lead).",
      tags,
      responses: { 200: { description: 'Leads', data: v.array(LeadDoc) } },
    }),
    requireAuth,
    vQuery(NoQuery),
    async (c) => {
      const s = c.get('services');
      return c.json({ data: await listMyLeads(s.db, c.get('auth').user.UID, s.now()) });
    },
  );

  app.patch(
    '/leads/:id',
    describeRoute({
      operationId: 'updateLead',
      summary:
        "The owner's buyer-editable fields and the survey, saved all or nothing; domain and budget only while unpaid. `isSurveyCompleted: true` completes the survey of a paid lead (first time: the thank-you text and the mails; later: 'Domain details updated'). Someone else's lead is not found.",
      tags,
      responses: {
        200: {
          description: `${SUCCESS.LEAD_UPDATED} · ${SUCCESS.SURVEY_UPDATED} · ${SUCCESS.SURVEY_COMPLETED}`,
          code: ['LEAD_UPDATED', 'SURVEY_UPDATED', 'SURVEY_COMPLETED'],
          data: LeadDoc,
        },
      },
      errors: [
        'LEAD_UID_MISSING',
        'LEAD_NOT_FOUND',
        'LEAD_NOT_EDITABLE',
        'LEAD_OFFER_IS_ENQUIRY',
        'PAYMENT_NOT_COMPLETED',
        'LEAD_CLOSED',
      ],
    }),
    requireAuth,
    vParam(IdParam),
    vQuery(NoQuery),
    vJson(UpdateBody),
    async (c) => {
      const s = c.get('services');
      const saved = await saveLead(
        s.db,
        s,
        c.get('auth').user,
        c.req.valid('param').id,
        c.req.valid('json'),
        s.now(),
      );
      return c.json({ ...saved.answer, data: saved.lead });
    },
  );

  app.post(
    '/leads/:id/agreeBrokerTerms',
    describeRoute({
      operationId: 'agreeBrokerTerms',
      summary:
        "The owner agrees to the broker service terms on a paid lead (recorded once, with its time); from then on the lead's consultant carries email and phone.",
      tags,
      responses: {
        200: { description: SUCCESS.BROKER_TERMS_AGREED, code: 'BROKER_TERMS_AGREED', data: LeadDoc },
      },
      errors: ['LEAD_UID_MISSING', 'LEAD_NOT_FOUND', 'PAYMENT_NOT_COMPLETED', 'LEAD_CLOSED'],
    }),
    requireAuth,
    vParam(IdParam),
    vQuery(NoQuery),
    async (c) => {
      const s = c.get('services');
      const lead = await agreeBrokerTerms(s.db, c.get('auth').user, c.req.valid('param').id, s.now());
      return c.json(success('BROKER_TERMS_AGREED', { data: lead }));
    },
  );

  app.get(
    '/getConsultantBadges/:consultantUID',
    describeRoute({
      operationId: 'getConsultantBadges',
      summary:
        "A broker's badges, highest tier first (OG Domains, Platinum Buzz, Gold Buzz, Silver Buzz). Staff read anyone's; a buyer only their own lead's broker.",
      tags,
      responses: { 200: { description: 'Badges', data: v.array(BadgeDoc) } },
      errors: ['PERMISSION_DENIED'],
    }),
    requireAuth,
    vParam(ConsultantParam),
    vQuery(NoQuery),
    async (c) => {
      const s = c.get('services');
      const user = c.get('auth').user;
      const badges = await consultantBadgesFor(s.db, user, isStaff(user), c.req.valid('param').consultantUID);
      return c.json({ data: badges });
    },
  );

  return app;
}
