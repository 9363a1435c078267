/**
 * Staff API for category percentages (docs/api.md "Appraisals"):
 * GET /exhibitConditions/ExhibitB (Admin or Consultant), PATCH /exhibitConditions/{id}
 * (the ChangeCategoryValues privilege).
 */

import { ExhibitConditionSchema, UpdateExhibitConditionBody } from '@domain-broker/shared/schemas/appraisal';
import { SUCCESS, success } from '@domain-broker/shared/success';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '#server/deps.ts';
import { component, describeRoute } from '#server/lib/openapi.ts';
import { IdParam, NoQuery, vJson, vParam, vQuery } from '#server/lib/validate.ts';
import { requirePrivilege, requireRole } from '../auth/middleware.ts';
import { EXHIBIT_B, listExhibitConditions, updateExhibitCondition } from './service.ts';

/** Reading the categories: staff, or whoever may change them. */
const staffOrCategoryEditor = requireRole(['Admin', 'Consultant'], { orPrivilege: 'ChangeCategoryValues' });
const ExhibitConditionDoc = component('ExhibitCondition', ExhibitConditionSchema);
/** One table of categories exists: GET answers it by its name, any other name is 404. */
const TableParam = v.object({ id: v.picklist([EXHIBIT_B]) });
const tags = ['staff'];

export function exhibitConditionRoutes() {
  const app = new Hono<AppEnv>();

  app.get(
    '/exhibitConditions/:id',
    describeRoute({
      operationId: 'listExhibitConditions',
      summary: 'The keyword categories and their percentages (staff, or ChangeCategoryValues).',
      description: 'The path names the table: ExhibitB, the only one.',
      tags,
      responses: { 200: { description: 'Categories', data: v.array(ExhibitConditionDoc) } },
    }),
    staffOrCategoryEditor,
    vQuery(NoQuery),
    vParam(TableParam, 'NOT_FOUND'),
    async (c) => c.json({ data: await listExhibitConditions(c.get('services').db) }),
  );

  app.patch(
    '/exhibitConditions/:id',
    describeRoute({
      operationId: 'updateExhibitCondition',
      summary:
        "Changes a category's name and percentage, 0-100 (ChangeCategoryValues). Every cached appraisal is invalidated.",
      tags,
      responses: {
        200: { description: SUCCESS.CATEGORY_UPDATED, code: 'CATEGORY_UPDATED', data: ExhibitConditionDoc },
      },
      errors: ['NOT_FOUND'],
    }),
    requirePrivilege('ChangeCategoryValues'),
    vQuery(NoQuery),
    vJson(UpdateExhibitConditionBody),
    vParam(IdParam),
    async (c) => {
      const s = c.get('services');
      const body = c.req.valid('json');
      const updated = await updateExhibitCondition(
        s.db,
        c.req.valid('param').id,
        { percentage: body.description, ...(body.categoryName ? { categoryName: body.categoryName } : {}) },
        c.get('auth').user.UID,
        s.now(),
      );
      return c.json(success('CATEGORY_UPDATED', { data: updated }));
    },
  );

  return app;
}
