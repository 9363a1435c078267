/**
 * Staff API for category percentages (post-purchase-back-office.md §7):
 * GET /exhibitConditions/ExhibitB (Admin or Consultant), PATCH /exhibitConditions/{id}
 * (the ChangeCategoryValues privilege).
 */
import { AppError, SUCCESS } from '@domain-broker/shared/errors';
import { UpdateExhibitConditionBody } from '@domain-broker/shared/schemas/appraisal';
import { Hono } from 'hono';
import type { AppEnv } from '../../deps.ts';
import { NoQuery, readBody, readQuery } from '../../lib/validate.ts';
import { requireAuth, requireRole } from '../auth/middleware.ts';
import { EXHIBIT_B, listExhibitConditions, updateExhibitCondition } from './service.ts';

/** Reading the categories: staff, or whoever may change them. */
const staffOrCategoryEditor = requireRole(['Admin', 'Consultant'], { orPrivilege: 'ChangeCategoryValues' });

export function exhibitConditionRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/exhibitConditions/:type', requireAuth, staffOrCategoryEditor, async (c) => {
    readQuery(c, NoQuery);
    if (c.req.param('type') !== EXHIBIT_B) throw new AppError('NOT_FOUND');
    return c.json({ data: await listExhibitConditions(c.get('services').db) });
  });

  app.patch('/exhibitConditions/:id', requireAuth, async (c) => {
    const s = c.get('services');
    const user = c.get('auth').user;
    if (!user.userDetail.ChangeCategoryValues) throw new AppError('ACTION_NOT_PERMITTED');
    readQuery(c, NoQuery);
    const body = await readBody(c, UpdateExhibitConditionBody);
    const updated = await updateExhibitCondition(
      s.db,
      c.req.param('id'),
      { percentage: body.description, ...(body.categoryName ? { categoryName: body.categoryName } : {}) },
      user.UID,
      s.now(),
    );
    return c.json({ message: SUCCESS.CATEGORY_UPDATED, data: updated });
  });

  return app;
}
