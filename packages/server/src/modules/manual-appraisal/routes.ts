/**
 * Staff API for manual appraisals (post-purchase-back-office.md §7). Admin or Consultant only.
 *
 * Who may do what (ADR 010): any Admin or Consultant lists entries and creates one for a domain that
 * has none (the tab's daily work: recording a researched value or blocking a name). Changing or removing
 * an existing value (PATCH, DELETE, POST with `overwrite: true`) needs ChangeAppraisedDomainValues,
 * the spec's "edit appraisal values only with" privilege.
 */
import { AppError, SUCCESS } from '@domain-broker/shared/errors';
import {
  createManualAppraisalBody,
  createUpdateManualAppraisalBody,
  ManualAppraisalListQuery,
} from '@domain-broker/shared/schemas/appraisal';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../../deps.ts';
import { NoQuery, readBody, readQuery } from '../../lib/validate.ts';
import { requireAuth, requireStaff } from '../auth/middleware.ts';
import {
  createManualAppraisal,
  deleteManualAppraisal,
  listManualAppraisals,
  updateManualAppraisal,
} from './service.ts';

const canChangeValues = (c: Context<AppEnv>) => c.get('auth').user.userDetail.ChangeAppraisedDomainValues;

export function manualAppraisalRoutes() {
  const app = new Hono<AppEnv>();
  app.use('/manualAppraisal', requireAuth, requireStaff);
  app.use('/manualAppraisal/*', requireAuth, requireStaff);

  app.get('/manualAppraisal', async (c) => {
    const q = readQuery(c, ManualAppraisalListQuery);
    return c.json({ data: await listManualAppraisals(c.get('services').db, q) });
  });

  app.post('/manualAppraisal', async (c) => {
    const s = c.get('services');
    readQuery(c, NoQuery);
    const body = await readBody(c, createManualAppraisalBody(s.config.supportedExtensions));
    const { entry } = await createManualAppraisal(
      s.db,
      {
        domainName: body.domainName,
        manualValue: body.isBlocked ? (body.manualValue ?? 0) : body.manualValue!,
        isBlocked: body.isBlocked ?? false,
      },
      {
        overwrite: body.overwrite ?? false,
        canOverwrite: canChangeValues(c),
        by: c.get('auth').user.UID,
        now: s.now(),
      },
    );
    // 200 for a new entry too: the spec's client reads any other status as "already exists".
    return c.json({ message: SUCCESS.DOMAIN_DETAILS_UPDATED, data: entry });
  });

  app.patch('/manualAppraisal/:id', async (c) => {
    const s = c.get('services');
    if (!canChangeValues(c)) throw new AppError('ACTION_NOT_PERMITTED');
    readQuery(c, NoQuery);
    const body = await readBody(c, createUpdateManualAppraisalBody(s.config.supportedExtensions));
    const entry = await updateManualAppraisal(s.db, c.req.param('id'), body, s.now());
    return c.json({ message: SUCCESS.DOMAIN_DETAILS_UPDATED, data: entry });
  });

  app.delete('/manualAppraisal/:id', async (c) => {
    const s = c.get('services');
    if (!canChangeValues(c)) throw new AppError('ACTION_NOT_PERMITTED');
    readQuery(c, NoQuery);
    await deleteManualAppraisal(s.db, c.req.param('id'));
    return c.json({ message: SUCCESS.DELETED });
  });

  return app;
}
