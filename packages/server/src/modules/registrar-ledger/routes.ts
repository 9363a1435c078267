/**
 * Registrar money over HTTP (ADR 051; packages/shared/src/schemas/registrar-ledger.ts is the
 * wire contract). Thin: every figure comes from service.ts, the one ledger module. The affiliate
 * dashboard and statements: a Registrar their own (whatever registrarUID says), an Admin any registrar
 * (or all of them together); settlement and payouts: Admin only. Other roles 403, guests 401.
 */

import type { ErrorCode } from '@domain-broker/shared/errors';
import type { UserProfile } from '@domain-broker/shared/schemas/profile';
import {
  CsvAnswerSchema,
  monthField,
  RecordPayoutBody,
  RegistrarLeadsAnswerSchema,
  RegistrarLeadsQuery,
  SettleQuery,
  SettleRowSchema,
  StatementSchema,
  StatementsQuery,
} from '@domain-broker/shared/schemas/registrar-ledger';
import { SUCCESS, success } from '@domain-broker/shared/success';
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import type { Db } from '#server/db/client.ts';
import type { AppEnv } from '#server/deps.ts';
import { answerQuery } from '#server/lib/handlers.ts';
import { component, describeRoute } from '#server/lib/openapi.ts';
import { NoQuery, vJson, vParam, vQuery } from '#server/lib/validate.ts';
import { requireAdmin, requireRole } from '../auth/middleware.ts';
import {
  recordPayout,
  registrarLeads,
  registrarLeadsCsv,
  registrarStatements,
  settleSummary,
  statementCsv,
  transactionCsv,
} from './service.ts';

const LeadsAnswerDoc = component('RegistrarLeads', RegistrarLeadsAnswerSchema);
const CsvDoc = component('CsvFile', CsvAnswerSchema);
const SettleRowDoc = component('RegistrarSettleRow', SettleRowSchema);
const StatementDoc = component('RegistrarStatement', StatementSchema);

const MonthParam = v.strictObject({ month: monthField });
const tags = ['registrar ledger'];
const dashboardRoles = requireRole(['Admin', 'Registrar']);
/** What the dashboard and statement routes answer when the registrar is not named or not known. */
const SCOPE_ERRORS: ErrorCode[] = ['REGISTRAR_UID_MISSING', 'REGISTRAR_NOT_FOUND'];

/** The handler of the affiliate dashboard in one of its forms (the page of days, the CSV). */
const dashboard =
  <T>(view: (db: Db, actor: UserProfile, q: RegistrarLeadsQuery) => Promise<T>) =>
  async (c: Context<AppEnv, string, { out: { query: RegistrarLeadsQuery } }>) =>
    c.json({ data: await view(c.get('services').db, c.get('auth').user, c.req.valid('query')) });

export function registrarLedgerRoutes() {
  const app = new Hono<AppEnv>();

  app.get(
    '/getRegistrarLeads',
    describeRoute({
      operationId: 'getRegistrarLeads',
      summary:
        "The affiliate dashboard: one row per day with clicks, paid referred leads, the initial-fee share, the sales commission, refunds clawed back and the total; the selection's totals, the registrar's rates and the chart. A Registrar gets their own figures whatever registrarUID says; an Admin names a registrar or asks for consolidateDashboard=true (one row per registrar and day). Default Date DESC, 10 a page.",
      tags,
      responses: { 200: { description: 'A page of days', data: LeadsAnswerDoc } },
      errors: SCOPE_ERRORS,
    }),
    dashboardRoles,
    vQuery(RegistrarLeadsQuery),
    dashboard(registrarLeads),
  );

  app.get(
    '/getRegistrarLeadsCSV',
    describeRoute({
      operationId: 'getRegistrarLeadsCsv',
      summary:
        'The affiliate dashboard as CSV: exactly the rows the filters and sort select, every page (pageNumber and limit are ignored).',
      tags,
      responses: { 200: { description: 'The CSV file', data: CsvDoc } },
      errors: SCOPE_ERRORS,
    }),
    dashboardRoles,
    vQuery(RegistrarLeadsQuery),
    dashboard(registrarLeadsCsv),
  );

  app.get(
    '/getRegistrarSettleSummary',
    describeRoute({
      operationId: 'getRegistrarSettleSummary',
      summary:
        "Admin settlement for a period (startDate to endDate, inclusive): per source (Direct, each registrar) the initial fees paid and refunded and what the ledger owes the registrar (the same figures as the registrar's dashboard). registrarUID: empty for all, 'direct', or one registrar.",
      tags,
      responses: { 200: { description: 'Settle rows', data: v.array(SettleRowDoc) } },
      errors: ['REGISTRAR_NOT_FOUND'],
    }),
    requireAdmin,
    vQuery(SettleQuery),
    answerQuery(settleSummary),
  );

  app.get(
    '/getTransactionDataCSV',
    describeRoute({
      operationId: 'getTransactionDataCsv',
      summary:
        "Admin: the period's transactions (payments, refunds, sales) as CSV with the registrar's share of each; their sums per source are the settle summary. A period without any answers the message 'Data not found.' and no data.",
      tags,
      responses: {
        200: {
          description: 'The CSV file, or the no-data message',
          body: v.object({ message: v.optional(v.string()), data: v.optional(CsvDoc) }),
        },
      },
      errors: ['REGISTRAR_NOT_FOUND'],
    }),
    requireAdmin,
    vQuery(SettleQuery),
    async (c) => c.json(await transactionCsv(c.get('services').db, c.req.valid('query'))),
  );

  app.get(
    '/registrarStatements',
    describeRoute({
      operationId: 'listRegistrarStatements',
      summary:
        "A registrar's monthly statements of a year (default the current one), newest first, up to the current month: credits, clawbacks, payable (from the first day of the following month) and the payout an admin recorded. A Registrar their own; an Admin names registrarUID.",
      tags,
      responses: { 200: { description: 'Statements', data: v.array(StatementDoc) } },
      errors: SCOPE_ERRORS,
    }),
    dashboardRoles,
    vQuery(StatementsQuery),
    async (c) => {
      const s = c.get('services');
      return c.json({
        data: await registrarStatements(s.db, c.get('auth').user, c.req.valid('query'), s.now()),
      });
    },
  );

  app.get(
    '/registrarStatements/:month/csv',
    describeRoute({
      operationId: 'getRegistrarStatementCsv',
      summary:
        "One month's statement as CSV: every credit and clawback line (date, kind, lead, domain, amount), never the buyer's personal data.",
      tags,
      responses: { 200: { description: 'The CSV file', data: CsvDoc } },
      errors: SCOPE_ERRORS,
    }),
    dashboardRoles,
    vParam(MonthParam),
    vQuery(StatementsQuery),
    async (c) =>
      c.json({
        data: await statementCsv(
          c.get('services').db,
          c.get('auth').user,
          c.req.valid('param').month,
          c.req.valid('query'),
        ),
      }),
  );

  app.put(
    '/registrarPayouts',
    describeRoute({
      operationId: 'recordRegistrarPayout',
      summary:
        "Admin: records that a registrar's month was paid (amount, date, reference). Once per registrar and month: recording again corrects it. A month is payable from the first day of the following month.",
      tags,
      responses: {
        200: { description: SUCCESS.PAYOUT_RECORDED, code: 'PAYOUT_RECORDED', data: StatementDoc },
      },
      errors: ['REGISTRAR_NOT_FOUND', 'PAYOUT_NOT_PAYABLE_YET'],
    }),
    requireAdmin,
    vQuery(NoQuery),
    vJson(RecordPayoutBody),
    async (c) => {
      const s = c.get('services');
      const data = await recordPayout(s.db, c.get('auth').user, c.req.valid('json'), s.now());
      return c.json(success('PAYOUT_RECORDED', { data }));
    },
  );

  return app;
}
