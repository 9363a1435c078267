/**
 * The broker workspace over HTTP (packages/shared/src/schemas/broker.ts is the wire contract).
 * Thin: the rules live in service.ts. Staff routes: a Consultant works their own leads, an Admin every
 * lead; buyers, registrars and sellers get 403, guests 401, and a lead that is not the consultant's 404.
 */

import {
  AssignLeadBody,
  BrokerLeadDetailSchema,
  BrokerLeadListQuery,
  BrokerLeadListSchema,
  BrokerOptionSchema,
  BuyerMessageBody,
  CloseLeadBody,
  CreateTimelineEntryBody,
  DecideOpportunityBody,
  MarketAnalysisBody,
  TimelineEntrySchema,
} from '@domain-broker/shared/schemas/broker';
import { SUCCESS, success } from '@domain-broker/shared/success';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '#server/deps.ts';
import { answerAction } from '#server/lib/handlers.ts';
import { component, describeRoute } from '#server/lib/openapi.ts';
import { IdParam, NoQuery, vJson, vParam, vQuery } from '#server/lib/validate.ts';
import { requireAdmin, requireAuth, requireStaff } from '../auth/middleware.ts';
import { LeadDoc } from '../leads/routes.ts';
import {
  addTimelineEntry,
  assignLead,
  brokerLeadDetail,
  buyerTimeline,
  closeLead,
  decideOpportunity,
  listBrokerLeads,
  listBrokers,
  postBuyerMessage,
  saveMarketAnalysis,
  stopService,
} from './service.ts';

const ListDoc = component('BrokerLeadList', BrokerLeadListSchema);
const DetailDoc = component('BrokerLeadDetail', BrokerLeadDetailSchema);
const EntryDoc = component('TimelineEntry', TimelineEntrySchema);
const BrokerDoc = component('BrokerOption', BrokerOptionSchema);
const tags = ['broker workspace'];
const buyerTags = ['leads'];

export function consultantRoutes() {
  const app = new Hono<AppEnv>();

  app.get(
    '/consultant/leads',
    describeRoute({
      operationId: 'listBrokerLeads',
      summary:
        "The broker's leads, paged and searchable (domain, buyer name or email). A Consultant sees the leads assigned to them; an Admin every lead, or one broker's with consultantUID. status 'open' (default) is In Progress, 'all' every paid lead.",
      tags,
      responses: { 200: { description: 'A page of leads', data: ListDoc } },
    }),
    requireStaff,
    vQuery(BrokerLeadListQuery),
    async (c) => {
      const s = c.get('services');
      return c.json({ data: await listBrokerLeads(s.db, c.get('auth').user, c.req.valid('query'), s.now()) });
    },
  );

  app.get(
    '/consultant/leads/:id',
    describeRoute({
      operationId: 'getBrokerLead',
      summary:
        'The lead page: survey answers, buyer contact, market analysis, alternates, the whole timeline (internal entries too), agreement, sale and status history.',
      tags,
      responses: { 200: { description: 'The lead', data: DetailDoc } },
      errors: ['LEAD_NOT_FOUND'],
    }),
    requireStaff,
    vParam(IdParam),
    vQuery(NoQuery),
    async (c) => {
      const s = c.get('services');
      return c.json({
        data: await brokerLeadDetail(s.db, c.get('auth').user, c.req.valid('param').id, s.now()),
      });
    },
  );

  app.put(
    '/consultant/leads/:id/marketAnalysis',
    describeRoute({
      operationId: 'saveMarketAnalysis',
      summary:
        "The lead's market analysis for the buyer (value with its range, what is known of the owner, expected timeline), replaced whole; shown on the buyer's dashboard.",
      tags,
      responses: {
        200: { description: SUCCESS.MARKET_ANALYSIS_SAVED, code: 'MARKET_ANALYSIS_SAVED', data: DetailDoc },
      },
      errors: ['LEAD_NOT_FOUND', 'LEAD_NOT_PAID', 'LEAD_CLOSED'],
    }),
    requireStaff,
    vParam(IdParam),
    vQuery(NoQuery),
    vJson(MarketAnalysisBody),
    async (c) => {
      const s = c.get('services');
      const data = await saveMarketAnalysis(
        s.db,
        c.get('auth').user,
        c.req.valid('param').id,
        c.req.valid('json'),
        s.now(),
      );
      return c.json(success('MARKET_ANALYSIS_SAVED', { data }));
    },
  );

  app.post(
    '/consultant/leads/:id/timeline',
    describeRoute({
      operationId: 'addTimelineEntry',
      summary:
        "A step of the negotiation on a paid open lead. A buyer-visible step reaches the buyer's dashboard and mail (unless they unsubscribed from the lead's mails) and answers the overdue flag; an internal one stays on the lead page.",
      tags,
      responses: { 201: { description: SUCCESS.TIMELINE_UPDATED, code: 'TIMELINE_UPDATED', data: EntryDoc } },
      errors: ['LEAD_NOT_FOUND', 'LEAD_NOT_PAID', 'LEAD_CLOSED'],
    }),
    requireStaff,
    vParam(IdParam),
    vQuery(NoQuery),
    vJson(CreateTimelineEntryBody),
    answerAction(addTimelineEntry, 'TIMELINE_UPDATED', 201),
  );

  app.patch(
    '/consultant/opportunities/:id',
    describeRoute({
      operationId: 'decideOpportunity',
      summary:
        'Accept or reject a pending alternate domain, once, with a note to the buyer (mailed unless they unsubscribed).',
      tags,
      responses: {
        200: { description: SUCCESS.ALTERNATE_DECIDED, code: 'ALTERNATE_DECIDED', data: DetailDoc },
      },
      errors: ['OPPORTUNITY_NOT_FOUND', 'OPPORTUNITY_ALREADY_DECIDED', 'LEAD_NOT_PAID', 'LEAD_CLOSED'],
    }),
    requireStaff,
    vParam(IdParam),
    vQuery(NoQuery),
    vJson(DecideOpportunityBody),
    answerAction(decideOpportunity, 'ALTERNATE_DECIDED'),
  );

  app.post(
    '/consultant/leads/:id/close',
    describeRoute({
      operationId: 'closeBrokerLead',
      summary:
        "Close a paid open lead: sold (date, price; the commission for the lead's channel is stored and told the buyer), canceled (reason), or declined (reason; the initial fee refunded once through the refund service).",
      tags,
      responses: {
        200: { description: SUCCESS.LEAD_CLOSE_SAVED, code: 'LEAD_CLOSE_SAVED', data: DetailDoc },
      },
      errors: [
        'LEAD_NOT_FOUND',
        'LEAD_NOT_PAID',
        'LEAD_CLOSED',
        'REFUND_NOT_POSSIBLE',
        'PAYMENT_PROVIDER_UNAVAILABLE',
      ],
    }),
    requireStaff,
    vParam(IdParam),
    vQuery(NoQuery),
    vJson(CloseLeadBody),
    answerAction(closeLead, 'LEAD_CLOSE_SAVED'),
  );

  app.patch(
    '/consultant/leads/:id/assign',
    describeRoute({
      operationId: 'assignBrokerLead',
      summary: 'Admin: give a paid open lead to another active broker (mailed).',
      tags,
      responses: { 200: { description: SUCCESS.LEAD_REASSIGNED, code: 'LEAD_REASSIGNED', data: DetailDoc } },
      errors: ['LEAD_NOT_FOUND', 'LEAD_NOT_PAID', 'LEAD_CLOSED', 'CONSULTANT_NOT_ACTIVE'],
    }),
    requireAdmin,
    vParam(IdParam),
    vQuery(NoQuery),
    vJson(AssignLeadBody),
    async (c) => {
      const s = c.get('services');
      const data = await assignLead(
        s,
        c.get('auth').user,
        c.req.valid('param').id,
        c.req.valid('json').consultantUID,
      );
      return c.json(success('LEAD_REASSIGNED', { data }));
    },
  );

  app.get(
    '/consultant/brokers',
    describeRoute({
      operationId: 'listBrokers',
      summary: 'Admin: the brokers (consultants not deactivated) to filter by and to reassign to.',
      tags,
      responses: { 200: { description: 'Brokers', data: v.array(BrokerDoc) } },
    }),
    requireAdmin,
    vQuery(NoQuery),
    async (c) => c.json({ data: await listBrokers(c.get('services').db) }),
  );

  // The buyer's side.

  app.get(
    '/leads/:id/timeline',
    describeRoute({
      operationId: 'getMyLeadTimeline',
      summary:
        "The owner's timeline of a lead: the broker's buyer-visible steps and the buyer's own messages, oldest first. Someone else's lead is not found.",
      tags: buyerTags,
      responses: { 200: { description: 'Timeline', data: v.array(EntryDoc) } },
      errors: ['LEAD_NOT_FOUND'],
    }),
    requireAuth,
    vParam(IdParam),
    vQuery(NoQuery),
    async (c) => {
      const s = c.get('services');
      return c.json({ data: await buyerTimeline(s.db, c.get('auth').user, c.req.valid('param').id) });
    },
  );

  app.post(
    '/leads/:id/messages',
    describeRoute({
      operationId: 'sendBrokerMessage',
      summary:
        'The owner writes to their broker on a paid open lead: the message joins the timeline, reaches the broker by mail, and the broker owes an answer within two business days.',
      tags: buyerTags,
      responses: {
        201: { description: SUCCESS.BUYER_MESSAGE_SENT, code: 'BUYER_MESSAGE_SENT', data: EntryDoc },
      },
      errors: ['LEAD_NOT_FOUND', 'PAYMENT_NOT_COMPLETED', 'LEAD_CLOSED'],
    }),
    requireAuth,
    vParam(IdParam),
    vQuery(NoQuery),
    vJson(BuyerMessageBody),
    async (c) => {
      const s = c.get('services');
      const data = await postBuyerMessage(
        s,
        c.get('auth').user,
        c.req.valid('param').id,
        c.req.valid('json').message,
      );
      return c.json(success('BUYER_MESSAGE_SENT', { data }), 201);
    },
  );

  app.post(
    '/leads/:id/stopService',
    describeRoute({
      operationId: 'stopBrokerService',
      summary:
        'The owner stops the broker service: asked during the initial term it ends with the term; asked in holdover the lead is canceled at once. The broker is told.',
      tags: buyerTags,
      responses: {
        200: { description: SUCCESS.SERVICE_STOP_RECORDED, code: 'SERVICE_STOP_RECORDED', data: LeadDoc },
      },
      errors: [
        'LEAD_NOT_FOUND',
        'PAYMENT_NOT_COMPLETED',
        'LEAD_CLOSED',
        'SERVICE_STOP_ALREADY_REQUESTED',
        'SERVICE_STOP_NOT_POSSIBLE',
      ],
    }),
    requireAuth,
    vParam(IdParam),
    vQuery(NoQuery),
    async (c) => {
      const s = c.get('services');
      const data = await stopService(s, c.get('auth').user, c.req.valid('param').id);
      return c.json(success('SERVICE_STOP_RECORDED', { data }));
    },
  );

  return app;
}
