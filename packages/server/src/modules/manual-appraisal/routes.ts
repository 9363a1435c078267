/**
 * Staff API for manual appraisals (docs/api.md "Appraisals"). Admin or Consultant only.
 *
 * Who may do what (ADR 010): any Admin or Consultant lists entries and creates one for a domain that
 * has none (the tab's daily work: recording a researched value or blocking a name). Changing or removing
 * an existing value (PATCH, DELETE, POST with `overwrite: true`) needs ChangeAppraisedDomainValues,
 * the spec's "edit appraisal values only with" privilege.
 */

import {
  createManualAppraisalBody,
  createUpdateManualAppraisalBody,
  ManualAppraisalListQuery,
  ManualAppraisalListSchema,
  ManualAppraisalSchema,
} from '@domain-broker/shared/schemas/appraisal';
import { SUCCESS, success } from '@domain-broker/shared/success';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '#server/deps.ts';
import { answerQuery } from '#server/lib/handlers.ts';
import { component, describeRoute, type SuccessDoc } from '#server/lib/openapi.ts';
import { IdParam, NoQuery, vJson, vParam, vQuery } from '#server/lib/validate.ts';
import { requirePrivilege, requireStaff } from '../auth/middleware.ts';
import {
  addManualAppraisal,
  deleteManualAppraisal,
  listManualAppraisals,
  updateManualAppraisal,
} from './service.ts';

const changesValues = requirePrivilege('ChangeAppraisedDomainValues');
/** The domain rule follows the deployment's supported extensions. */
const CreateBody = (c: Context<AppEnv>) =>
  createManualAppraisalBody(c.get('services').config.supportedExtensions);
const UpdateBody = (c: Context<AppEnv>) =>
  createUpdateManualAppraisalBody(c.get('services').config.supportedExtensions);
const ManualAppraisalDoc = component('ManualAppraisal', ManualAppraisalSchema);
const ENTRY: SuccessDoc = {
  description: SUCCESS.DOMAIN_DETAILS_UPDATED,
  code: 'DOMAIN_DETAILS_UPDATED',
  data: ManualAppraisalDoc,
};
const tags = ['staff'];

export function manualAppraisalRoutes() {
  const app = new Hono<AppEnv>();

  app.get(
    '/manualAppraisal',
    describeRoute({
      operationId: 'listManualAppraisals',
      summary: 'Manual appraisals (Admin or Consultant): search, sort (createdAt DESC), paging (10).',
      tags,
      responses: {
        200: {
          description: 'Page',
          data: ManualAppraisalListSchema,
        },
      },
    }),
    requireStaff,
    vQuery(ManualAppraisalListQuery),
    answerQuery(listManualAppraisals),
  );

  app.post(
    '/manualAppraisal',
    describeRoute({
      operationId: 'createManualAppraisal',
      summary:
        'Creates a manual appraisal (Admin or Consultant). An existing domain answers 409 with the entry in data; ' +
        'resend with overwrite: true to replace it (needs ChangeAppraisedDomainValues).',
      tags,
      // 200 for a new entry too: the spec's client reads any other status as "already exists".
      responses: { 200: ENTRY },
      errors: ['MANUAL_APPRAISAL_EXISTS', 'ACTION_NOT_PERMITTED'],
      errorData: { 409: ManualAppraisalDoc },
    }),
    requireStaff,
    vQuery(NoQuery),
    vJson(CreateBody),
    async (c) => {
      const s = c.get('services');
      const entry = await addManualAppraisal(s.db, c.get('auth').user, c.req.valid('json'), s.now());
      return c.json(success('DOMAIN_DETAILS_UPDATED', { data: entry }));
    },
  );

  app.patch(
    '/manualAppraisal/:id',
    describeRoute({
      operationId: 'updateManualAppraisal',
      summary: 'Changes a manual appraisal (ChangeAppraisedDomainValues).',
      tags,
      responses: { 200: ENTRY },
      errors: ['NOT_FOUND', 'MANUAL_APPRAISAL_VALUE_REQUIRED', 'MANUAL_APPRAISAL_EXISTS'],
      errorData: { 409: ManualAppraisalDoc },
    }),
    requireStaff,
    changesValues,
    vQuery(NoQuery),
    vJson(UpdateBody),
    vParam(IdParam),
    async (c) => {
      const s = c.get('services');
      const entry = await updateManualAppraisal(s.db, c.req.valid('param').id, c.req.valid('json'), s.now());
      return c.json(success('DOMAIN_DETAILS_UPDATED', { data: entry }));
    },
  );

  app.delete(
    '/manualAppraisal/:id',
    describeRoute({
      operationId: 'deleteManualAppraisal',
      summary: 'Deletes a manual appraisal (ChangeAppraisedDomainValues).',
      tags,
      responses: { 200: { description: SUCCESS.DELETED, code: 'DELETED' } },
      errors: ['NOT_FOUND'],
    }),
    requireStaff,
    changesValues,
    vQuery(NoQuery),
    vParam(IdParam),
    async (c) => {
      await deleteManualAppraisal(c.get('services').db, c.req.valid('param').id);
      return c.json(success('DELETED'));
    },
  );

  return app;
}
